import type { AuthUser } from './auth-user';
import { mayActForService, mayAskAbout, reviewPermissions, servicePermissions } from './policy';

const person = (id: string, role: AuthUser['role'] = 'user'): AuthUser => ({
  id,
  email: `${id}@example.com`,
  role,
  displayName: id,
  photoURL: '',
  sessionId: `login-of-${id}`,
});

const author = person('ann');
const owner = person('olga');
const stranger = person('bob');
const admin = person('ada', 'admin');
const review = { authorId: author.id };
const service = { ownerId: owner.id };

describe('review permissions', () => {
  // [who, caller, edit, delete, reply, report (and mark helpful)]
  it.each([
    [
      'its author: edit and delete, not report or vote on their own',
      author,
      true,
      true,
      false,
      false,
    ],
    ["the service's owner: reply, report and vote", owner, false, false, true, true],
    ['another signed-in user: report and vote only', stranger, false, false, false, true],
    ['an admin: everything', admin, true, true, true, true],
    ['a visitor: nothing', undefined, false, false, false, false],
  ])('%s', (_who, caller, edit, remove, reply, report) => {
    expect(reviewPermissions(review, caller, service)).toEqual({
      edit,
      delete: remove,
      reply,
      report,
      helpful: report,
      appeal: false,
    });
  });

  it('lets only the author appeal, once per decision, a review that is not published', () => {
    const rejected = { authorId: author.id, status: 'rejected', decisionId: 'd1' };
    expect(reviewPermissions(rejected, author).appeal).toBe(true);
    expect(reviewPermissions(rejected, admin).appeal).toBe(false);
    expect(reviewPermissions({ ...rejected, status: 'published' }, author).appeal).toBe(false);
    const appealed = { ...rejected, appeal: { decisionId: 'd1' } };
    expect(reviewPermissions(appealed, author).appeal).toBe(false);
    expect(reviewPermissions({ ...appealed, decisionId: 'd2' }, author).appeal).toBe(true);
  });

  it('lets nobody report a review whose author is not known (a public projection)', () => {
    expect(reviewPermissions({}, stranger).report).toBe(false);
  });

  it('knows no owner of a service without one, except admins', () => {
    expect(mayActForService({}, stranger)).toBe(false);
    expect(mayActForService(undefined, owner)).toBe(false);
    expect(mayActForService(undefined, admin)).toBe(true);
  });
});

describe('service permissions', () => {
  // [who, caller, review, reply and edit, invite]
  it.each([
    ['its owner: reply, edit and invite, not review their own', owner, false, true, true],
    [
      'an admin: review and reply, not invite (only the business vouches)',
      admin,
      true,
      true,
      false,
    ],
    ['another signed-in user: review only', stranger, true, false, false],
    ['a visitor: review once signed in', undefined, true, false, false],
  ])('%s', (_who, caller, review, reply, invite) => {
    expect(servicePermissions(service, caller)).toEqual({
      review,
      reply,
      invite,
      edit: reply,
      claim: false,
    });
  });

  it('offers a claim while the service has a website and no approved claim, to anyone', () => {
    const website = 'https://www.fastcourier.example';
    for (const caller of [owner, stranger, undefined]) {
      expect(servicePermissions({ ...service, website }, caller).claim).toBe(true);
      expect(servicePermissions({ ...service, website, claimedAt: new Date() }, caller).claim).toBe(
        false,
      );
    }
  });

  it('lets an admin who added a service answer its reviews and invite, not review it', () => {
    expect(servicePermissions({ ownerId: admin.id }, admin)).toEqual({
      review: false,
      reply: true,
      invite: true,
      edit: true,
      claim: false,
    });
  });
});

describe('asking about a user', () => {
  it('is allowed about oneself, and to admins about anyone', () => {
    expect(mayAskAbout(stranger.email, stranger)).toBe(true);
    expect(mayAskAbout(author.email, stranger)).toBe(false);
    expect(mayAskAbout(author.email, admin)).toBe(true);
  });
});
