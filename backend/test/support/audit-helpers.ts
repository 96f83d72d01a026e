import type { RegisteredUser } from './auth-helpers';
import type { TestApp } from './test-app';
import { eventually } from './test-worker';

export interface AuditEntry {
  type: string;
  serviceId?: string;
  actor: { id: string; email: string; role: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The audit entry of `action` on the service, once the worker wrote it, as `admin` reads it. */
export function serviceAuditEntry(
  testApp: TestApp,
  admin: RegisteredUser,
  action: string,
  serviceId: string,
): Promise<AuditEntry> {
  return eventually(`the ${action} audit entry`, async () => {
    const entries = (
      await testApp
        .http()
        .get('/api/admin/audit')
        .query({ action })
        .set('Authorization', `Bearer ${admin.accessToken}`)
        .expect(200)
    ).body as AuditEntry[];
    return entries.find((entry) => entry.serviceId === serviceId);
  });
}
