import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuditEntry, AuditEntrySchema } from './audit-entry.schema';
import { UsersModule } from '../users/users.module';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

@Module({
  imports: [
    UsersModule,
    MongooseModule.forFeature([{ name: AuditEntry.name, schema: AuditEntrySchema }]),
  ],
  providers: [AuditService, AuditRepository],
  exports: [AuditService],
})
export class AuditModule {}
