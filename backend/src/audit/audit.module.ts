import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuditEntry, AuditEntrySchema } from './audit-entry.schema';
import { UsersModule } from '../users/users.module';
import { AuditLog } from './audit-log';

@Module({
  imports: [
    UsersModule,
    MongooseModule.forFeature([{ name: AuditEntry.name, schema: AuditEntrySchema }]),
  ],
  providers: [AuditLog],
  exports: [AuditLog],
})
export class AuditModule {}
