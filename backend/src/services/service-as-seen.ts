import type { AuthUser } from '../auth/auth-user';
import { servicePermissions } from '../auth/policy';
import type { ServiceDto, ServiceFacts } from './service.dto';

/** The service as `caller` gets it: the shared facts and what they may do with it. */
export function serviceAsSeenBy(service: ServiceFacts, caller: AuthUser | undefined): ServiceDto {
  return { ...service, permissions: servicePermissions(service, caller) };
}

export function servicesAsSeenBy(
  services: ServiceFacts[],
  caller: AuthUser | undefined,
): ServiceDto[] {
  return services.map((service) => serviceAsSeenBy(service, caller));
}
