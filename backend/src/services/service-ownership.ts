import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { ReadCache } from '../common/read-cache/read-cache';
import { ServicesRepository } from './services.repository';
import { SERVICES_SCOPE, ServicesService, serviceScope } from './services.service';
import type { ServiceFacts } from './service.dto';

/**
 * Who owns a service. Whoever adds it owns it; an approved claim (ServiceClaims) makes the
 * claimant its owner instead and marks it claimed. The previous owner keeps nothing of it: their
 * reviews' replies stay, but answering, inviting and editing pass to the claimant.
 */
@Injectable()
export class ServiceOwnership {
  constructor(
    private readonly services: ServicesRepository,
    private readonly catalogue: ServicesService,
    private readonly cache: ReadCache,
  ) {}

  /**
   * Makes `claimantId` the owner and marks the service claimed, if it is still unclaimed and
   * `stillControls` its website; answers the service before and after (the caller audits both).
   */
  async transferOnClaim(
    id: string,
    claimantId: string,
    stillControls: (website: string | undefined) => boolean,
  ): Promise<{ before: ServiceFacts; after: ServiceFacts }> {
    const changed = await this.services.modify(
      id,
      (current) => {
        if (current.claimedAt) {
          throw new ApiError(409, 'This service has been claimed already.', 'SERVICE_CLAIMED');
        }
        if (!stillControls(current.website)) {
          throw new ApiError(
            409,
            "The service's website changed since this claim was made: the claim no longer proves control of it.",
            'CLAIM_WEBSITE_CHANGED',
          );
        }
        return { ownerId: claimantId, claimedAt: new Date() };
      },
      false,
    );
    if (!changed) throw new ApiError(404, 'No service has this id.');
    this.catalogue.forgetIdentity(id);
    await this.cache.invalidate(SERVICES_SCOPE, serviceScope(id));
    const [before, after] = await this.catalogue.toDtos([changed.before, changed.after]);
    return { before, after };
  }
}
