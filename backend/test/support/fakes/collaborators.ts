import type { ReadCache } from '../../../src/common/read-cache/read-cache';
import type { MailContent } from '../../../src/mail/mail-message';
import type { MailSender } from '../../../src/mail/mail-sender';
import { newEvent, type NewEvent, type OutboxService } from '../../../src/events/outbox.service';
import type { DomainEvent, EventType } from '../../../src/events/review-events';
import type { ServiceIdentity, ServicesService } from '../../../src/services/services.service';
import type { UserRecord } from '../../../src/users/users.repository';
import type { UsersService } from '../../../src/users/users.service';

/** The services a test knows, by id, as ServicesService.identity answers them. */
export class KnownServices implements Pick<ServicesService, 'identity'> {
  constructor(private readonly identities: Record<string, ServiceIdentity> = {}) {}

  async identity(id: string) {
    return this.identities[id] ?? null;
  }
}

/** The accounts a test knows, by id. */
export class KnownUsers implements Pick<UsersService, 'findById'> {
  private readonly users: Map<string, UserRecord>;

  constructor(users: UserRecord[] = []) {
    this.users = new Map(users.map((user) => [String(user._id), user]));
  }

  async findById(id: string) {
    return this.users.get(id) ?? null;
  }
}

/** A read cache that computes every read, and keeps the scopes writes invalidated. */
export class ComputingReadCache implements Pick<ReadCache, 'read' | 'readDocument' | 'invalidate'> {
  readonly invalidated: string[] = [];

  read<T>(_scopes: string[], _key: string, compute: () => Promise<T>): Promise<T> {
    return compute();
  }

  readDocument<T>(_scope: string, compute: () => Promise<T>): Promise<T> {
    return compute();
  }

  async invalidate(...scopes: string[]) {
    this.invalidated.push(...scopes);
  }
}

/** The outbox, keeping the events recorded (not stored, not queued). */
export class RecordingOutbox implements Pick<OutboxService, 'record'> {
  readonly recorded: DomainEvent[] = [];

  async record(type: EventType, fields: Omit<NewEvent, 'type'>) {
    const event = newEvent(type, fields);
    this.recorded.push(event);
    return event;
  }
}

/** The mail sender, set up or not, keeping what it was given to send. */
export class RecordingMail implements Pick<MailSender, 'enabled' | 'send' | 'sendInBackground'> {
  readonly sent: { to: string; content: MailContent }[] = [];

  constructor(readonly enabled = true) {}

  async send(to: string, content: MailContent) {
    this.sent.push({ to, content });
  }

  sendInBackground(to: string, content: MailContent) {
    void this.send(to, content);
  }
}
