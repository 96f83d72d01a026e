import { hashToken } from '../auth/token-hash';
import { APP_CONFIG } from '../config/config.module';
import { MailSender } from '../mail/mail-sender';
import { OutboxService } from '../events/outbox.service';
import { ServicesService } from '../services/services.service';
import {
  KnownServices,
  RecordingMail,
  RecordingOutbox,
} from '../../test/support/fakes/collaborators';
import { authUser, serviceIdentity, storedInvitation } from '../../test/support/fakes/factories';
import { InMemoryInvitationsRepository } from '../../test/support/fakes/invitations-repository';
import { testConfig } from '../../test/support/fakes/test-config';
import { newTestService, standIn, valueOf } from '../../test/support/fakes/test-service';
import { expectRefused } from '../../test/support/refusals';
import { InvitationsRepository, type StoredInvitation } from './invitations.repository';
import { InvitationsService, invitationPath } from './invitations.service';

const DAY_MS = 86_400_000;
const owner = authUser('owner');
const customer = authUser('customer');
const admin = authUser('admin', 'admin');
const config = testConfig({ PUBLIC_URL: 'https://critic.example', INVITATION_TTL_DAYS: '10' });

/** The link 'token-1' for s1, open for another day. */
const open = storedInvitation({ _id: hashToken('token-1') });

interface InvitationsWorld {
  invitations?: StoredInvitation[];
  mailEnabled?: boolean;
}

async function invitationsWith({ invitations = [], mailEnabled = true }: InvitationsWorld = {}) {
  const repository = new InMemoryInvitationsRepository(invitations);
  const outbox = new RecordingOutbox();
  const mail = new RecordingMail(mailEnabled);
  const service = await newTestService(InvitationsService, [
    standIn(InvitationsRepository, repository),
    standIn(
      ServicesService,
      new KnownServices({
        s1: serviceIdentity({ title: 'Courier', ownerId: owner.id }),
        held: serviceIdentity({ ownerId: owner.id, listed: false }),
      }),
    ),
    standIn(OutboxService, outbox),
    standIn(MailSender, mail),
    valueOf(APP_CONFIG, config),
  ]);
  return { service, invitations: repository.invitations, events: outbox.recorded, mail: mail.sent };
}

describe('InvitationsService', () => {
  it("makes the owner a single link, stored by the token's hash, and records its event", async () => {
    const { service, invitations, events, mail } = await invitationsWith();
    const before = Date.now();
    const created = await service.create('s1', undefined, owner);

    expect(created.url).toBe(`https://critic.example${invitationPath(created.token)}`);
    expect(created.emailed).toBe(false);
    expect(created.expiresAt.getTime() - before).toBeGreaterThanOrEqual(10 * DAY_MS);
    expect(created.expiresAt.getTime() - before).toBeLessThan(10 * DAY_MS + 1000);
    const id = hashToken(created.token);
    expect(invitations.get(id)).toMatchObject({ userId: owner.id, serviceId: 's1' });
    expect(invitations.get(id)).not.toHaveProperty('email');
    expect(events).toEqual([
      expect.objectContaining({
        type: 'invitation.created',
        actor: expect.objectContaining({ id: owner.id }),
        after: { invitationId: id, serviceId: 's1', expiresAt: created.expiresAt },
      }),
    ]);
    expect(mail).toEqual([]);
  });

  it('e-mails the link to the address given when mail is set up, and says so', async () => {
    const { service, events, mail } = await invitationsWith();
    const created = await service.create('s1', 'buyer@example.com', owner);

    expect(created.emailed).toBe(true);
    expect(mail).toEqual([
      {
        to: 'buyer@example.com',
        content: expect.objectContaining({
          subject: 'Courier asks for your review',
          link: { path: invitationPath(created.token), label: 'Write your review' },
        }),
      },
    ]);
    expect(events[0].after).toMatchObject({ email: 'buyer@example.com', emailed: true });
  });

  it('keeps the address but sends nothing without mail', async () => {
    const { service, invitations, events, mail } = await invitationsWith({ mailEnabled: false });
    const created = await service.create('s1', 'buyer@example.com', owner);

    expect(created.emailed).toBe(false);
    expect(mail).toEqual([]);
    expect(invitations.get(hashToken(created.token))?.email).toBe('buyer@example.com');
    expect(events[0].after).toMatchObject({ email: 'buyer@example.com', emailed: false });
  });

  it('refuses a link for a missing or unlisted service, or to anyone but its owner', async () => {
    const { service, invitations, events } = await invitationsWith();
    await expectRefused(service.create('nope', undefined, owner), 404, 'SERVICE_NOT_FOUND');
    await expectRefused(service.create('s1', undefined, customer), 403);
    await expectRefused(service.create('s1', undefined, admin), 403);
    await expectRefused(service.create('held', undefined, owner), 409, 'SERVICE_NOT_LISTED');
    expect(invitations.all()).toEqual([]);
    expect(events).toEqual([]);
  });

  it('describes a link: its service and whether it is open, used or expired', async () => {
    const { service } = await invitationsWith({
      invitations: [
        open,
        storedInvitation({ _id: hashToken('used'), usedAt: new Date() }),
        storedInvitation({ _id: hashToken('old'), expiresAt: new Date(Date.now() - 1) }),
        storedInvitation({ _id: hashToken('orphan'), serviceId: 'gone' }),
      ],
    });
    await expect(service.describe('token-1')).resolves.toMatchObject({
      serviceId: 's1',
      serviceTitle: 'Courier',
      state: 'open',
    });
    await expect(service.describe('used')).resolves.toMatchObject({ state: 'used' });
    await expect(service.describe('old')).resolves.toMatchObject({ state: 'expired' });
    await expectRefused(service.describe('unknown'), 404, 'INVITATION_INVALID');
    await expectRefused(service.describe('orphan'), 404, 'SERVICE_NOT_FOUND');
  });

  it('lets one review take an open link, once', async () => {
    const { service, invitations } = await invitationsWith({ invitations: [open] });
    const claim = await service.claim('token-1', 's1', customer, 'r1');

    expect(claim).toEqual({ invitationId: open._id, serviceId: 's1', reviewId: 'r1' });
    expect(invitations.get(open._id)).toMatchObject({ usedBy: customer.id, reviewId: 'r1' });
    await expectRefused(service.claim('token-1', 's1', customer, 'r2'), 409, 'INVITATION_USED');
  });

  it("refuses an expired link, another service's link and an unknown one", async () => {
    const expired = storedInvitation({
      _id: hashToken('old'),
      expiresAt: new Date(Date.now() - 1),
    });
    const { service, invitations } = await invitationsWith({ invitations: [open, expired] });
    await expectRefused(service.claim('old', 's1', customer, 'r1'), 410, 'INVITATION_EXPIRED');
    await expectRefused(
      service.claim('token-1', 's2', customer, 'r1'),
      400,
      'INVITATION_OTHER_SERVICE',
    );
    await expectRefused(service.claim('unknown', 's1', customer, 'r1'), 404, 'INVITATION_INVALID');
    expect(invitations.all().filter((invitation) => invitation.usedAt)).toEqual([]);
  });

  it('gives a link back when the review it was taken for was not written, not for another', async () => {
    const { service, invitations } = await invitationsWith({ invitations: [open] });
    const claim = await service.claim('token-1', 's1', customer, 'r1');

    await service.release({ ...claim, reviewId: 'r2' });
    expect(invitations.get(open._id)).toMatchObject({ reviewId: 'r1' });
    await service.release(claim);
    const released = invitations.get(open._id);
    expect(released).not.toHaveProperty('usedAt');
    expect(released).not.toHaveProperty('usedBy');
    expect(released).not.toHaveProperty('reviewId');
    await expect(service.describe('token-1')).resolves.toMatchObject({ state: 'open' });
  });

  it("records a link's use by the reviewer", async () => {
    const { service, events } = await invitationsWith();
    await service.recordUse({ invitationId: 'i1', serviceId: 's1', reviewId: 'r1' }, customer);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'invitation.used',
        reviewId: 'r1',
        before: { invitationId: 'i1', state: 'open' },
        after: { invitationId: 'i1', state: 'used', reviewId: 'r1' },
      }),
    ]);
  });

  it('deletes the links that expired in the last days, used or not, and keeps the open ones', async () => {
    const expired = (id: string, daysAgo: number, usedAt?: Date) =>
      storedInvitation({ _id: id, expiresAt: new Date(Date.now() - daysAgo * DAY_MS), usedAt });
    const { service, invitations } = await invitationsWith({
      invitations: [open, expired('unused', 1), expired('used', 3, new Date(0))],
    });
    await expect(service.deleteExpired()).resolves.toBe(2);
    expect(invitations.all().map((invitation) => invitation._id)).toEqual([open._id]);
  });
});
