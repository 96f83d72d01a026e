import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { ApiError } from '../common/api-error';
import type { AuthUser } from '../auth/auth-user';
import { mayInviteCustomers } from '../auth/policy';
import { dayOf, hashToken, newToken } from '../auth/token-hash';
import { MailSender } from '../mail/mail-sender';
import { OutboxService, actorOf } from '../events/outbox.service';
import { ServicesService } from '../services/services.service';
import type { InvitationCreatedDto, InvitationDto, InvitationState } from './invitation.dto';
import { InvitationsRepository, type StoredInvitation } from './invitations.repository';

/** An invitation a review is being written through: its id (the token's hash). */
export interface InvitationClaim {
  invitationId: string;
  serviceId: string;
  reviewId: string;
}

/** The path of an invitation's link in the SPA. */
export function invitationPath(token: string): string {
  return `/invitations/${encodeURIComponent(token)}`;
}

function stateOf(invitation: StoredInvitation, now = Date.now()): InvitationState {
  if (invitation.usedAt) return 'used';
  return invitation.expiresAt.getTime() <= now ? 'expired' : 'open';
}

const UNKNOWN = () =>
  new ApiError(
    404,
    'This invitation link is not valid: check that it was copied whole.',
    'INVITATION_INVALID',
  );

/**
 * Verified customers: a service's owner invites a customer with a single-use link that expires;
 * the review written through it carries the "Verified customer" label, which nothing else sets.
 * Making an invitation and using it are audited.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly invitations: InvitationsRepository,
    private readonly services: ServicesService,
    private readonly events: OutboxService,
    private readonly mail: MailSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A new link for the service (its owner only), e-mailed when an address is given and mail is set up. */
  async create(
    serviceId: string,
    email: string | undefined,
    owner: AuthUser,
  ): Promise<InvitationCreatedDto> {
    const service = await this.services.identity(serviceId);
    if (!service) throw new ApiError(404, 'No service has this id.', 'SERVICE_NOT_FOUND');
    if (!mayInviteCustomers(service, owner)) {
      throw new ApiError(403, 'Only the owner of this service can invite its customers.');
    }
    if (!service.listed) {
      throw new ApiError(
        409,
        'This service is not listed yet: invite customers once an admin has checked it.',
        'SERVICE_NOT_LISTED',
      );
    }
    const token = newToken();
    const now = Date.now();
    const expiresAt = new Date(now + this.config.invitationTtlMs);
    const invitationId = hashToken(token);
    await this.invitations.insert({
      _id: invitationId,
      userId: owner.id,
      serviceId,
      ...(email ? { email } : {}),
      createdAt: new Date(now),
      expiresAt,
      expiresOn: dayOf(expiresAt.getTime()),
    });
    const emailed = Boolean(email) && this.mail.enabled;
    if (email && emailed) {
      this.mail.sendInBackground(email, {
        subject: `${service.title} asks for your review`,
        paragraphs: [
          `${service.title} invites you to review their service on Service Critic.`,
          'Your review will carry the "Verified customer" label, as the business invited you.',
        ],
        link: { path: invitationPath(token), label: 'Write your review' },
        footer: `This link works once, until ${expiresAt.toUTCString()}.`,
      });
    }
    await this.events.record('invitation.created', {
      actor: actorOf(owner),
      serviceId,
      before: null,
      after: { invitationId, serviceId, expiresAt, ...(email ? { email, emailed } : {}) },
    });
    return { token, url: `${this.config.publicUrl}${invitationPath(token)}`, expiresAt, emailed };
  }

  /** What the link opens: the service, and whether the link still works. */
  async describe(token: string): Promise<InvitationDto> {
    const invitation = await this.invitations.findById(hashToken(token));
    if (!invitation) throw UNKNOWN();
    const service = await this.services.identity(invitation.serviceId);
    if (!service) throw new ApiError(404, 'The invited service is gone.', 'SERVICE_NOT_FOUND');
    return {
      serviceId: invitation.serviceId,
      serviceTitle: service.title,
      expiresAt: invitation.expiresAt,
      state: stateOf(invitation),
    };
  }

  /**
   * Takes the invitation for the review `reviewId` of `serviceId` by `reviewer`, in one atomic
   * write: a second use, an expired link or another service's link is refused with a sentence.
   * (Its owner never gets here: ReviewWrites.create refuses a review of one's own service.)
   */
  async claim(
    token: string,
    serviceId: string,
    reviewer: AuthUser,
    reviewId: string,
  ): Promise<InvitationClaim> {
    const invitationId = hashToken(token);
    const taken = await this.invitations.modify(invitationId, (current) => {
      if (current.serviceId !== serviceId) {
        throw new ApiError(
          400,
          'This invitation is for another service: review that service through it.',
          'INVITATION_OTHER_SERVICE',
        );
      }
      const state = stateOf(current);
      if (state === 'used') {
        throw new ApiError(
          409,
          'This invitation was used already: each link is for one review.',
          'INVITATION_USED',
        );
      }
      if (state === 'expired') {
        throw new ApiError(
          410,
          'This invitation has expired: ask the business for a new link.',
          'INVITATION_EXPIRED',
        );
      }
      return { usedAt: new Date(), usedBy: reviewer.id, reviewId };
    });
    if (!taken) throw UNKNOWN();
    return { invitationId, serviceId, reviewId };
  }

  /** Gives the invitation back when the review it was taken for could not be written. */
  async release(claim: InvitationClaim): Promise<void> {
    await this.invitations.modify(claim.invitationId, (current) =>
      current.reviewId === claim.reviewId
        ? { usedAt: undefined, usedBy: undefined, reviewId: undefined }
        : null,
    );
  }

  /** Audits the use once the review is written. */
  async recordUse(claim: InvitationClaim, reviewer: AuthUser): Promise<void> {
    await this.events.record('invitation.used', {
      actor: actorOf(reviewer),
      serviceId: claim.serviceId,
      reviewId: claim.reviewId,
      before: { invitationId: claim.invitationId, state: 'open' },
      after: { invitationId: claim.invitationId, state: 'used', reviewId: claim.reviewId },
    });
  }

  /** Removes invitations expired in the last days (the worker, hourly). */
  deleteExpired(): Promise<number> {
    return this.invitations.deleteExpired();
  }
}
