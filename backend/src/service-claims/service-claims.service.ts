import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ApiError } from '../common/api-error';
import { isDuplicateKeyError } from '../common/duplicate-key';
import type { AuthUser } from '../auth/auth-user';
import { hashToken, newToken } from '../auth/token-hash';
import { MailSender } from '../mail/mail-sender';
import { OutboxService, actorOf } from '../events/outbox.service';
import { ServiceOwnership } from '../services/service-ownership';
import { ServicesService } from '../services/services.service';
import type { ServiceFacts } from '../services/service.dto';
import { claimDomainOf, isAtWebsiteDomain } from './claim-domain';
import { claimId, type ServiceClaim } from './service-claim.schema';
import type { ClaimDto } from './service-claim.dto';
import { ServiceClaimsRepository, type StoredClaim } from './service-claims.repository';

/** The path of a claim's confirmation link in the SPA. */
export function claimConfirmPath(serviceId: string, token: string): string {
  return `/services/${serviceId}/claim?token=${encodeURIComponent(token)}`;
}

function claimDto(claim: StoredClaim, service: ServiceFacts): ClaimDto {
  return {
    serviceId: claim.serviceId,
    serviceTitle: service.title,
    ...(service.website ? { website: service.website } : {}),
    userId: claim.userId,
    email: claim.email,
    status: claim.status,
    requestedAt: claim.requestedAt,
    ...(claim.codeExpiresAt ? { codeExpiresAt: claim.codeExpiresAt } : {}),
    ...(claim.confirmedAt ? { confirmedAt: claim.confirmedAt } : {}),
    ...(claim.decidedAt ? { decidedAt: claim.decidedAt } : {}),
    ...(claim.note ? { note: claim.note } : {}),
  };
}

/** What the audit trail keeps of a claim: never its code's hash. */
function audited(claim: StoredClaim | null): Record<string, unknown> | null {
  if (!claim) return null;
  const { codeHash: _hash, rev: _rev, ...kept } = claim;
  return { ...kept };
}

const NO_CLAIM = () =>
  new ApiError(404, 'You have no claim of this service: ask to claim it first.', 'CLAIM_NOT_FOUND');

/**
 * Claims of a service's page: a signed-in user proves control of the service's website by an
 * e-mailed one-time link to an address at its domain, then an admin approves (the claimant becomes
 * the owner, ServiceOwnership) or rejects it with a reason. Every step is audited; the decision is
 * notified to the claimant.
 */
@Injectable()
export class ServiceClaims {
  constructor(
    private readonly claims: ServiceClaimsRepository,
    private readonly services: ServicesService,
    private readonly ownership: ServiceOwnership,
    private readonly events: OutboxService,
    private readonly mail: MailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Starts (or starts again) the caller's claim, and e-mails its link to `email`. */
  async request(serviceId: string, email: string, claimant: AuthUser): Promise<ClaimDto> {
    const service = await this.services.get(serviceId);
    if (service.claimedAt) {
      throw new ApiError(409, 'This service has been claimed already.', 'SERVICE_CLAIMED');
    }
    if (!service.website) {
      throw new ApiError(
        409,
        'This service has no website, so there is nothing to prove control of: ask its owner or an admin to add one.',
        'NO_WEBSITE',
      );
    }
    if (!isAtWebsiteDomain(email, service.website)) {
      throw new ApiError(
        400,
        `The e-mail address must be at ${claimDomainOf(service.website)}, the domain of the service's website.`,
        'CLAIM_DOMAIN_MISMATCH',
      );
    }
    if (!this.mail.enabled) {
      throw new ApiError(
        503,
        'E-mail is not set up on this site, so a claim cannot be confirmed now.',
        'MAIL_NOT_CONFIGURED',
      );
    }
    const token = newToken();
    const now = new Date();
    const fresh: ServiceClaim = {
      _id: claimId(serviceId, claimant.id),
      serviceId,
      userId: claimant.id,
      email: email.toLowerCase(),
      status: 'awaiting_confirmation',
      codeHash: hashToken(token),
      codeExpiresAt: new Date(now.getTime() + this.config.claimTtlMs),
      requestedAt: now,
    };
    const { before, after } = await this.startOrRestart(fresh);
    this.mail.sendInBackground(fresh.email, {
      subject: `Confirm your claim of ${service.title}`,
      paragraphs: [
        `You asked to manage the page of ${service.title} on Service Critic, as someone in control of ${service.website}.`,
        'Open the link while signed in to confirm that this address is yours; an admin then checks the claim.',
      ],
      link: { path: claimConfirmPath(serviceId, token), label: 'Confirm the claim' },
      footer: `This link works once, until ${fresh.codeExpiresAt!.toUTCString()}. If you did not ask for it, ignore this e-mail.`,
    });
    await this.events.record('service.claim_requested', {
      actor: actorOf(claimant),
      serviceId,
      before: audited(before),
      after: audited(after),
    });
    return claimDto(after, service);
  }

  /** A new claim, or the caller's earlier one started again, unless it awaits an admin. */
  private async startOrRestart(
    fresh: ServiceClaim,
  ): Promise<{ before: StoredClaim | null; after: StoredClaim }> {
    const restarted = await this.claims.modify(fresh._id, (current) => {
      if (current.status === 'awaiting_approval') {
        throw new ApiError(
          409,
          'Your claim of this service is confirmed and waits for an admin.',
          'CLAIM_ALREADY_CONFIRMED',
        );
      }
      return {
        ...fresh,
        confirmedAt: undefined,
        decidedAt: undefined,
        decidedBy: undefined,
        note: undefined,
      };
    });
    if (restarted) return restarted;
    try {
      await this.claims.insert(fresh);
    } catch (error) {
      if (isDuplicateKeyError(error)) {
        throw new ApiError(409, 'Your claim was asked for twice at once: try again.', 'CONFLICT');
      }
      throw error;
    }
    return { before: null, after: fresh };
  }

  /** The e-mailed link's code, used by the claimant: the claim then waits for an admin. */
  async confirm(serviceId: string, token: string, claimant: AuthUser): Promise<ClaimDto> {
    const changed = await this.claims.modify(claimId(serviceId, claimant.id), (current) => {
      if (current.status !== 'awaiting_confirmation') {
        throw new ApiError(
          409,
          'This claim is confirmed already: it waits for an admin, or was decided.',
          'CLAIM_ALREADY_CONFIRMED',
        );
      }
      if (current.codeHash !== hashToken(token)) {
        throw new ApiError(
          400,
          'This confirmation code is not valid: use the link in the latest e-mail, copied whole.',
          'CLAIM_CODE_INVALID',
        );
      }
      if (!current.codeExpiresAt || current.codeExpiresAt.getTime() <= Date.now()) {
        throw new ApiError(
          410,
          'This confirmation link has expired: ask to claim the service again for a new one.',
          'CLAIM_CODE_EXPIRED',
        );
      }
      return {
        status: 'awaiting_approval',
        awaiting: true,
        confirmedAt: new Date(),
        codeHash: undefined,
        codeExpiresAt: undefined,
      };
    });
    if (!changed) throw NO_CLAIM();
    await this.events.record('service.claim_confirmed', {
      actor: actorOf(claimant),
      serviceId,
      before: audited(changed.before),
      after: audited(changed.after),
    });
    return claimDto(changed.after, await this.services.get(serviceId));
  }

  /** Claims confirmed by e-mail and waiting for an admin, oldest first. */
  async awaitingDecision(): Promise<ClaimDto[]> {
    const waiting = await this.claims.awaitingDecision();
    return Promise.all(
      waiting.map(async (claim) => claimDto(claim, await this.services.get(claim.serviceId))),
    );
  }

  /**
   * An admin approves the claim (its claimant becomes the service's owner and the service shows
   * "Claimed") or rejects it with a reason; the claimant is notified either way.
   */
  async decide(
    serviceId: string,
    userId: string,
    decision: { approve: boolean; note?: string },
    admin: AuthUser,
  ): Promise<ClaimDto> {
    const id = claimId(serviceId, userId);
    // The claim is decided first, so that of two admins deciding at once only one goes on.
    const decided = await this.claims.modify(id, (current) => {
      if (current.status !== 'awaiting_approval') throw alreadyDecided();
      return {
        status: decision.approve ? 'approved' : 'rejected',
        awaiting: undefined,
        decidedAt: new Date(),
        decidedBy: admin.id,
        note: decision.note,
      };
    });
    if (!decided) {
      throw new ApiError(404, 'This user has no claim of this service.', 'CLAIM_NOT_FOUND');
    }
    const owners = decision.approve
      ? await this.ownership
          .transferOnClaim(
            serviceId,
            userId,
            (website) => website !== undefined && isAtWebsiteDomain(decided.before.email, website),
          )
          .catch(async (error: unknown) => {
            await this.claims.modify(id, () => restored(decided.before));
            throw error;
          })
      : null;
    const service = owners?.after ?? (await this.services.get(serviceId));
    await this.events.record('service.claim_decided', {
      actor: actorOf(admin),
      serviceId,
      before: { ...audited(decided.before), ownerId: owners?.before.ownerId ?? service.ownerId },
      after: {
        ...audited(decided.after),
        ownerId: service.ownerId,
        claimedAt: service.claimedAt,
        title: service.title,
      },
    });
    return claimDto(decided.after, service);
  }
}

/** The fields a decision set, as they were before it (an approval the service refused). */
function restored(before: StoredClaim) {
  return {
    status: before.status,
    awaiting: before.awaiting,
    decidedAt: before.decidedAt,
    decidedBy: before.decidedBy,
    note: before.note,
  };
}

function alreadyDecided() {
  return new ApiError(409, 'This claim is not waiting for a decision.', 'ALREADY_DECIDED');
}
