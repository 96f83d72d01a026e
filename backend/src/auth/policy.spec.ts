import type { AuthUser } from './auth-user';
import { mayActForService, mayAskAbout, reviewPermissions } from './policy';

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
  it('lets the author edit and delete, but not report their own review', () => {
    expect(reviewPermissions(review, author, service)).toEqual({
      edit: true,
      delete: true,
      reply: false,
      report: false,
    });
  });

  it("lets the service's owner reply and report, not change the review", () => {
    expect(reviewPermissions(review, owner, service)).toEqual({
      edit: false,
      delete: false,
      reply: true,
      report: true,
    });
  });

  it('lets another signed-in user report only', () => {
    expect(reviewPermissions(review, stranger, service)).toEqual({
      edit: false,
      delete: false,
      reply: false,
      report: true,
    });
  });

  it('lets an admin do everything', () => {
    expect(reviewPermissions(review, admin, service)).toEqual({
      edit: true,
      delete: true,
      reply: true,
      report: true,
    });
  });

  it('gives a visitor nothing', () => {
    expect(Object.values(reviewPermissions(review, undefined, service))).toEqual([
      false,
      false,
      false,
      false,
    ]);
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

describe('asking about a user', () => {
  it('is allowed about oneself, and to admins about anyone', () => {
    expect(mayAskAbout(stranger.email, stranger)).toBe(true);
    expect(mayAskAbout(author.email, stranger)).toBe(false);
    expect(mayAskAbout(author.email, admin)).toBe(true);
  });
});
