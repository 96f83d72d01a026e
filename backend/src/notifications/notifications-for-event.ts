import { reasonsInWords } from '../moderation/moderation-rules';
import type { DomainEvent } from '../events/review-events';
import type { NotificationKind } from './notification.schema';

export interface PlannedNotification {
  id: string;
  userId: string;
  kind: NotificationKind;
  text: string;
  link: string;
}

export interface EventContext {
  /** The reviewed service's owner and title, when the service still exists. */
  service?: { ownerId?: string; title: string };
  /** The admins to tell, for the events that need them (ReviewEventHandler finds them). */
  adminIds?: string[];
}

/** The events the admins hear of. */
export const ADMIN_EVENTS: readonly DomainEvent['type'][] = ['service.burst_detected'];

interface ReviewFields {
  authorId?: string;
  title?: string;
  service?: string;
  status?: string;
  moderationReasons?: string[];
  moderationNote?: string;
  appeal?: { status?: string; note?: string };
}

function planned(
  event: DomainEvent,
  userId: string,
  kind: NotificationKind,
  text: string,
  link: string,
) {
  return { id: `${event.id}:${userId}`, userId, kind, text, link };
}

/** The author's notice that their review waits for a moderator, and why. */
function heldNotice(
  event: DomainEvent,
  authorId: string,
  review: ReviewFields,
  serviceTitle: string,
) {
  const because = reasonsInWords(review.moderationReasons ?? []);
  return planned(
    event,
    authorId,
    'review.flagged',
    `Your review of ${serviceTitle} was held because it ${because}.`,
    '/myallreviews',
  );
}

/** Who hears about an event, and what they read. Pure: the worker stores and mails the result. */
export function notificationsForEvent(
  event: DomainEvent,
  context: EventContext,
): PlannedNotification[] {
  const before = (event.before ?? {}) as ReviewFields;
  const after = (event.after ?? {}) as ReviewFields;
  const serviceLink = event.serviceId ? `/services/${event.serviceId}` : '/';
  const serviceTitle = context.service?.title ?? 'a service';

  switch (event.type) {
    case 'review.created': {
      if (after.status === 'flagged' && after.authorId) {
        return [heldNotice(event, after.authorId, after, serviceTitle)];
      }
      const ownerId = context.service?.ownerId;
      if (!ownerId || ownerId === after.authorId) return [];
      return [
        planned(
          event,
          ownerId,
          'review.received',
          `New review of ${serviceTitle}: "${after.title}"`,
          serviceLink,
        ),
      ];
    }
    case 'review.moderated': {
      if (!after.authorId) return [];
      if (after.status === 'flagged') {
        return [heldNotice(event, after.authorId, after, serviceTitle)];
      }
      if (after.status === 'published' && before.status !== 'published') {
        return [
          planned(
            event,
            after.authorId,
            'review.approved',
            `Your review "${after.title}" was approved and is public.`,
            serviceLink,
          ),
        ];
      }
      if (after.status === 'rejected') {
        const note = after.moderationNote ? `: ${after.moderationNote}` : '.';
        return [
          planned(
            event,
            after.authorId,
            'review.rejected',
            `Your review "${after.title}" was rejected${note}`,
            '/myallreviews',
          ),
        ];
      }
      return [];
    }
    case 'review.reports_decided': {
      if (!after.authorId || after.status !== 'rejected') return [];
      return [
        planned(
          event,
          after.authorId,
          'review.removed',
          `Your review "${after.title}" was removed after reports: ${after.moderationNote}`,
          '/myallreviews',
        ),
      ];
    }
    case 'review.appeal_decided': {
      if (!after.authorId) return [];
      const note = after.appeal?.note ? ` (${after.appeal.note})` : '';
      const text =
        after.appeal?.status === 'granted'
          ? `Your appeal was granted: your review "${after.title}" is public again${note}.`
          : `Your appeal of the decision on your review "${after.title}" was turned down${note}.`;
      return [planned(event, after.authorId, 'review.appeal_decided', text, '/myallreviews')];
    }
    case 'review.replied': {
      if (!after.authorId || event.actor.id === after.authorId) return [];
      return [
        planned(
          event,
          after.authorId,
          'review.replied',
          `${serviceTitle} replied to your review "${after.title}".`,
          serviceLink,
        ),
      ];
    }
    case 'service.screened': {
      const service = event.after as {
        ownerId?: string;
        title?: string;
        screening?: { note?: string };
      };
      if (!service.ownerId || !event.serviceId) return [];
      const text = service.screening
        ? `Your service "${service.title}" was not approved: ${service.screening.note}`
        : `Your service "${service.title}" was approved and is listed.`;
      return [planned(event, service.ownerId, 'service.screened', text, serviceLink)];
    }
    case 'service.claim_decided': {
      const claim = event.after as {
        userId?: string;
        status?: string;
        note?: string;
        title?: string;
      };
      if (!claim.userId) return [];
      const text =
        claim.status === 'approved'
          ? `Your claim of "${claim.title}" was approved: you now manage its page.`
          : `Your claim of "${claim.title}" was not approved: ${claim.note}`;
      return [planned(event, claim.userId, 'service.claim_decided', text, serviceLink)];
    }
    case 'service.burst_detected':
      return (context.adminIds ?? []).map((adminId) =>
        planned(
          event,
          adminId,
          'service.burst_detected',
          `Unusual burst of reviews on ${serviceTitle}: its new reviews are held for moderation until an admin closes the alert.`,
          '/admin/alerts',
        ),
      );
    case 'review.deleted': {
      if (!before.authorId || event.actor.id === before.authorId) return [];
      return [
        planned(
          event,
          before.authorId,
          'review.deleted_by_admin',
          `An admin deleted your review "${before.title}" of ${serviceTitle}.`,
          serviceLink,
        ),
      ];
    }
    default:
      return [];
  }
}
