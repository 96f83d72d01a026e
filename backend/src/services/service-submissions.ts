import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { ApiError } from '../common/api-error';
import { isDuplicateKeyError } from '../common/duplicate-key';
import { ReadCache } from '../common/read-cache/read-cache';
import { isAdmin, type AuthUser } from '../auth/auth-user';
import { OutboxService, actorOf } from '../events/outbox.service';
import type { ServiceListing } from './service-listing.schema';
import { DUPLICATE_DESCRIPTION, descriptionKey, screenService } from './service-screening';
import { ServicesRepository } from './services.repository';
import { SERVICES_SCOPE, ServicesService, serviceScope } from './services.service';
import type { CreateServiceDto, ServiceFacts } from './service.dto';

/** Services as their owners add them and admins screen them: each change audited. */
@Injectable()
export class ServiceSubmissions {
  constructor(
    private readonly services: ServicesRepository,
    private readonly catalogue: ServicesService,
    private readonly events: OutboxService,
    private readonly cache: ReadCache,
  ) {}

  /**
   * Adds the service; one a screening rule holds (never an admin's) waits for an admin, off the
   * home page and the lists, its status on its page. A description another service already has
   * holds it too: the first service to claim a text owns it.
   */
  async create(dto: CreateServiceDto, owner: AuthUser): Promise<ServiceFacts> {
    const _id = new Types.ObjectId();
    const textKey = descriptionKey(dto.details);
    const copied = !(await this.services.claimText(textKey, String(_id)));
    const reasons = isAdmin(owner)
      ? []
      : [...screenService(dto), ...(copied ? [DUPLICATE_DESCRIPTION] : [])];
    const held: Partial<ServiceListing> =
      reasons.length > 0
        ? { listed: false, screening: { status: 'pending', reasons, at: new Date() } }
        : {};
    try {
      const [created] = await this.catalogue.toDtos([
        await this.services.insert({ _id, ...dto, ownerId: owner.id, ...held }),
      ]);
      await this.cache.invalidate(SERVICES_SCOPE);
      await this.events.record('service.created', {
        actor: actorOf(owner),
        serviceId: created._id,
        before: null,
        after: { ...created },
      });
      return created;
    } catch (error) {
      if (!copied) await this.services.releaseText(textKey);
      if (isDuplicateKeyError(error)) {
        throw new ApiError(409, 'A service with this title already exists.', 'DUPLICATE_SERVICE');
      }
      throw error;
    }
  }

  /** The services the caller added, in every screening status, newest first. */
  async ofOwner(owner: AuthUser): Promise<ServiceFacts[]> {
    return this.catalogue.toDtos(await this.services.ofOwner(owner.id));
  }

  /** New services waiting for an admin, oldest first. */
  async awaitingScreening(): Promise<ServiceFacts[]> {
    return this.catalogue.toDtos(await this.services.awaitingScreening());
  }

  /** An admin lists a held service, or refuses it with a note its owner sees; audited. */
  async decideScreening(
    id: string,
    decision: { approve: boolean; note?: string },
    admin: AuthUser,
  ): Promise<ServiceFacts> {
    const changed = await this.services.modify(id, (current) => {
      if (current.screening?.status !== 'pending') return null;
      return decision.approve
        ? { listed: true, screening: undefined }
        : { screening: { ...current.screening, status: 'rejected', note: decision.note } };
    });
    if (!changed) {
      if (!(await this.services.findById(id))) throw new ApiError(404, 'No service has this id.');
      throw new ApiError(409, 'This service is not waiting for a decision.', 'ALREADY_DECIDED');
    }
    await this.cache.invalidate(SERVICES_SCOPE, serviceScope(id));
    const [before, after] = await this.catalogue.toDtos([changed.before, changed.after]);
    await this.events.record('service.screened', {
      actor: actorOf(admin),
      serviceId: id,
      before: { ...before },
      after: { ...after },
    });
    return after;
  }
}
