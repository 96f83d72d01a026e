import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuditEntry, AuditEntrySchema } from './audit-entry.schema';
import { AuditLog } from './audit-log';

@Module({
  imports: [MongooseModule.forFeature([{ name: AuditEntry.name, schema: AuditEntrySchema }])],
  providers: [AuditLog],
  exports: [AuditLog],
})
export class AuditModule {}
