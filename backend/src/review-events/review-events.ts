import type { JobsOptions } from 'bullmq';
import type { Role } from '../auth/auth-user';

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
  'invitation.created',
  'invitation.used',
  'user.role_changed',
  'user.deleted',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export interface EventActor {
  id: string;
  email: string;
  role: Role | 'system';
}

/** A write worth auditing; its id is the BullMQ job id and the audit entry's id. */
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

export function eventJobOptions(event: DomainEvent): JobsOptions {
  return {
    jobId: event.id,
    attempts: 8,
    backoff: { type: 'exponential', delay: 1000 },
    // Completed jobs are kept a day so a re-published event is recognised and not run twice.
    removeOnComplete: { age: 86_400, count: 50_000 },
    removeOnFail: false,
  };
}
