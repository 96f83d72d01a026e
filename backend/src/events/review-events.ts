import { createHash } from 'node:crypto';
import type { JobsOptions } from 'bullmq';
import type { Role } from '../common/role';

/** The one queue review events travel on, API → worker. */
export const REVIEW_EVENTS_QUEUE = 'review-events';
/** Periodic clean-up jobs run by the worker. */
export const MAINTENANCE_QUEUE = 'maintenance';

/** Every kind of event; the OpenAPI document lists them (enum EventType) for the frontend. */
export const EVENT_TYPES = [
  'review.created',
  'review.updated',
  'review.deleted',
  'review.moderated',
  'review.reported',
  'review.report_withdrawn',
  'review.reports_decided',
  'review.appealed',
  'review.appeal_decided',
  'review.replied',
  'review.reply_edited',
  'service.created',
  'service.screened',
  'service.contact_updated',
  'service.claim_requested',
  'service.claim_confirmed',
  'service.claim_decided',
  'service.burst_detected',
  'service.burst_closed',
  'invitation.created',
  'invitation.used',
  'user.role_changed',
  'user.deleted',
  'api_token.created',
  'api_token.revoked',
  'api_token.used',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export interface EventActor {
  id: string;
  email: string;
  /** The account's role, or the system's own moderation. */
  role: Role | 'system';
}

/** A write worth auditing; its id is the audit entry's id (and its job's, when alone in it). */
export interface DomainEvent {
  id: string;
  type: EventType;
  /** ISO time of the write. */
  at: string;
  actor: EventActor;
  reviewId?: string;
  serviceId?: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export const SYSTEM_ACTOR: EventActor = {
  id: 'system',
  email: 'moderation@service-critic',
  role: 'system',
};

/**
 * A job's data: the events one settlement published together, run in one job so that the queue's
 * own work (a dozen Redis round trips and some forty commands a job) is paid once for all of
 * them. Jobs queued before carried one event as their data, which reads the same.
 */
export interface EventsJob {
  events: DomainEvent[];
}

export function eventsOfJob(data: EventsJob | DomainEvent): DomainEvent[] {
  return 'events' in data ? data.events : [data];
}

/**
 * The job's id: the event's id, or one derived from all the events' ids, so that events published
 * again together (the relay after a request) are recognised as one job already run.
 */
export function eventsJobId(events: DomainEvent[]): string {
  if (events.length === 1) return events[0].id;
  const ids = createHash('sha256');
  for (const event of events) ids.update(event.id);
  return `events-${ids.digest('base64url').slice(0, 22)}`;
}

export function eventsJobName(events: DomainEvent[]): string {
  return events.length === 1 ? events[0].type : `${events.length} events`;
}

export function eventJobOptions(events: DomainEvent[]): JobsOptions {
  return {
    jobId: eventsJobId(events),
    attempts: 8,
    backoff: { type: 'exponential', delay: 1000 },
    // Completed jobs are kept a day so a re-published event is recognised and not run twice.
    removeOnComplete: { age: 86_400, count: 50_000 },
    removeOnFail: false,
  };
}
