import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { ReadCache } from '../common/read-cache/read-cache';
import type { AuthUser } from '../auth/auth-user';
import { mayActForService } from '../auth/policy';
import { OutboxService, actorOf } from '../events/outbox.service';
import type { ServiceContactDto } from './service-contact.dto';
import { ServicesRepository } from './services.repository';
import { SERVICES_SCOPE, ServicesService, serviceScope } from './services.service';
import type { ServiceFacts } from './service.dto';

/** A service's website and contact details, as its owner or an admin changes them; audited. */
@Injectable()
export class ServiceContacts {
  constructor(
    private readonly services: ServicesRepository,
    private readonly catalogue: ServicesService,
    private readonly events: OutboxService,
    private readonly cache: ReadCache,
  ) {}

  /**
   * Sets the three fields as given (an absent one is removed). A new website drops the "Claimed"
   * mark: the claim proved control of the website it was made for, not of this one.
   */
  async update(id: string, contact: ServiceContactDto, caller: AuthUser): Promise<ServiceFacts> {
    const changed = await this.services.modify(id, (current) => {
      if (!mayActForService(current, caller)) {
        throw new ApiError(403, 'Only the owner of this service or an admin can change it.');
      }
      const websiteChanged = (current.website ?? '') !== (contact.website ?? '');
      return {
        website: contact.website,
        contactEmail: contact.contactEmail,
        contactPhone: contact.contactPhone,
        ...(websiteChanged ? { claimedAt: undefined } : {}),
      };
    });
    if (!changed) throw new ApiError(404, 'No service has this id.');
    await this.cache.invalidate(SERVICES_SCOPE, serviceScope(id));
    const [before, after] = await this.catalogue.toDtos([changed.before, changed.after]);
    await this.events.record('service.contact_updated', {
      actor: actorOf(caller),
      serviceId: id,
      before: { ...before },
      after: { ...after },
    });
    return after;
  }
}
