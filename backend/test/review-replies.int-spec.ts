import { addReview, addService } from './support/catalog-helpers';
import { registerAdmin, registerUser, type RegisteredUser } from './support/auth-helpers';
import { useTestApp } from './support/test-app';
import { eventually } from './support/test-worker';

interface ReplyBody {
  text: string;
  createdAt: string;
  editedAt?: string;
  versionCount: number;
  [field: string]: unknown;
}

/**
 * The business's public replies: the service's owner (who added it) or an admin replies once per
 * review, edits keep the earlier text for anyone to read, the reviewer is notified, each reply
 * is audited, and the service counts its replies.
 */
describe('business replies to reviews', () => {
  const testApp = useTestApp({ worker: true });
  let admin: RegisteredUser;
  let owner: RegisteredUser;
  let stranger: RegisteredUser;

  beforeAll(async () => {
    admin = await registerAdmin(testApp, { name: 'Ada Admin' });
    owner = await registerUser(testApp, { name: 'Olga Owner' });
    stranger = await registerUser(testApp, { name: 'Stan Stranger' });
  });

  const as = (user: RegisteredUser) => `Bearer ${user.accessToken}`;

  function reply(review: string, user: RegisteredUser | undefined, text = 'Thank you!') {
    const request = testApp.http().post(`/api/reviews/${review}/reply`).send({ text });
    return user ? request.set('Authorization', as(user)) : request;
  }

  function editReply(review: string, user: RegisteredUser, text: string) {
    return testApp
      .http()
      .patch(`/api/reviews/${review}/reply`)
      .set('Authorization', as(user))
      .send({ text });
  }

  async function publicReply(service: string, review: string): Promise<ReplyBody | undefined> {
    const list = await testApp.http().get(`/api/reviews?service=${service}`).expect(200);
    return list.body.find((item: { _id: string }) => item._id === review)?.reply;
  }

  /** A fresh service of `owner` reviewed by a fresh author (so no moderation rule counts them). */
  async function reviewed() {
    const service = await addService(testApp, owner.accessToken);
    const author = await registerUser(testApp, { name: 'Arno Author' });
    const review = await addReview(testApp, author.accessToken, service, { title: 'Quick van' });
    return { service, review, author };
  }

  it("only the service's owner or an admin replies (others 403), and only once (409)", async () => {
    const { service, review, author } = await reviewed();
    await reply(review, undefined).expect(401);
    for (const other of [author, stranger]) {
      const refused = await reply(review, other).expect(403);
      expect(refused.body.error).toBe(
        "Only the service's owner or an admin can reply to its reviews.",
      );
    }
    const empty = await reply(review, owner, '   ').expect(400);
    expect(empty.body.details).toEqual([
      { field: 'text', message: 'text must be 1 to 2000 characters long' },
    ]);

    const answered = await reply(review, owner, 'Glad it went well, thank you.').expect(201);
    expect(answered.body.reply).toMatchObject({ text: 'Glad it went well, thank you.' });
    for (const again of [owner, admin]) {
      const second = await reply(review, again, 'Another one').expect(409);
      expect(second.body).toMatchObject({
        code: 'ALREADY_REPLIED',
        error: 'This review already has a reply; edit it instead.',
      });
    }
    const shown = await publicReply(service, review);
    expect(shown).toMatchObject({ text: 'Glad it went well, thank you.', versionCount: 0 });
    expect(shown).not.toHaveProperty('authorId');
    expect(shown).not.toHaveProperty('editedAt');

    // An admin replies for any service, once too.
    const other = await reviewed();
    await reply(other.review, admin, 'Answered by the site.').expect(201);
    await reply(other.review, owner).expect(409);
    await reply('0123456789abcdef01234567', owner).expect(404);
  });

  it('an edit keeps the earlier versions, which anyone reads, the current one first', async () => {
    const { service, review, author } = await reviewed();
    await editReply(review, owner, 'Nothing yet').expect(404);
    await reply(review, owner, 'First answer.').expect(201);
    await editReply(review, stranger, 'Not mine').expect(403);
    await editReply(review, author, 'Not mine either').expect(403);

    const edited = await editReply(review, owner, 'Second answer.').expect(200);
    expect(edited.body.reply).toMatchObject({ text: 'Second answer.', versionCount: 1 });
    expect(edited.body.reply.editedAt).toEqual(expect.any(String));
    // The same text again changes nothing.
    await editReply(review, owner, 'Second answer.').expect(200);
    await editReply(review, admin, 'Third answer, by an admin.').expect(200);

    const shown = await publicReply(service, review);
    expect(shown).toMatchObject({ text: 'Third answer, by an admin.', versionCount: 2 });
    expect(shown!.editedAt).toEqual(expect.any(String));
    const history = await testApp.http().get(`/api/reviews/${review}/reply/versions`).expect(200);
    expect(history.body.reviewId).toBe(review);
    expect(history.body.versions.map((version: { text: string }) => version.text)).toEqual([
      'Third answer, by an admin.',
      'Second answer.',
      'First answer.',
    ]);
    expect(history.body.versions[0].replacedAt).toBeUndefined();
    expect(history.body.versions[2].replacedAt).toEqual(expect.any(String));

    const unanswered = await reviewed();
    const none = await testApp
      .http()
      .get(`/api/reviews/${unanswered.review}/reply/versions`)
      .expect(404);
    expect(none.body.error).toBe('This review has no reply.');
  });

  it('the reviewer is notified, and the reply and its edit are audited', async () => {
    const { service, review, author } = await reviewed();
    const title = (await testApp.http().get(`/api/services/${service}`).expect(200)).body.title;
    await reply(review, owner, 'We are glad you liked it.').expect(201);
    await editReply(review, owner, 'We are very glad you liked it.').expect(200);

    const expected = `${title} replied to your review "Quick van".`;
    const notice = await eventually('the reviewer notified', async () => {
      const response = await testApp
        .http()
        .get('/api/notifications?limit=100')
        .set('Authorization', as(author))
        .expect(200);
      return response.body.find((item: { text: string }) => item.text === expected);
    });
    expect(notice).toMatchObject({ kind: 'review.replied', link: `/services/${service}` });

    const audited = async (action: string) =>
      eventually(`the ${action} audit entry`, async () => {
        const response = await testApp
          .http()
          .get(`/api/admin/audit?review=${review}&action=${action}`)
          .set('Authorization', as(admin))
          .expect(200);
        return response.body[0];
      });
    const replied = await audited('review.replied');
    expect(replied.actor).toMatchObject({ id: owner.uid, role: 'user' });
    expect(replied.after.reply).toMatchObject({ text: 'We are glad you liked it.' });
    const edited = await audited('review.reply_edited');
    expect(edited.before.reply).toMatchObject({ text: 'We are glad you liked it.' });
    expect(edited.after.reply).toMatchObject({ text: 'We are very glad you liked it.' });
  });

  it("the service counts its replies: the share of its reviews and the replies' average time", async () => {
    const { service, review: first, author } = await reviewed();
    await addReview(testApp, stranger.accessToken, service);
    const replies = async () =>
      (await testApp.http().get(`/api/services/${service}`).expect(200)).body.replies;
    expect(await replies()).toEqual({ replied: 0, share: 0 });

    await reply(first, owner).expect(201);
    const counted = await replies();
    expect(counted).toMatchObject({ replied: 1, share: 0.5 });
    expect(counted.averageDelaySeconds).toBeGreaterThanOrEqual(0);
    expect(counted.averageDelaySeconds).toBeLessThan(60);

    // An edit is not a second reply; a deleted review takes its reply out of the counts.
    await editReply(first, owner, 'Edited thanks.').expect(200);
    expect(await replies()).toMatchObject({ replied: 1, share: 0.5 });
    await testApp
      .http()
      .delete(`/api/reviews/${first}`)
      .set('Authorization', as(author))
      .expect(200);
    expect(await replies()).toEqual({ replied: 0, share: 0 });
  });
});
