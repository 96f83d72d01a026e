import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ContactMessage } from '../src/contact/contact-message.schema';
import {
  registerAdmin,
  registerEstablishedUser,
  uniqueEmail,
  type RegisteredUser,
} from './support/auth-helpers';
import { startTestApp, useTestApp, type TestApp } from './support/test-app';

describe('the contact form', () => {
  // The admin the app notifies: the one its configuration names.
  const adminEmail = uniqueEmail('admin');
  const testApp = useTestApp({ mail: true, env: { ADMIN_EMAIL: adminEmail } });
  let admin: RegisteredUser;

  beforeAll(async () => {
    admin = await registerAdmin(testApp, { email: adminEmail });
    // Registering mails a verification link, sent beside the answer: let it arrive before the
    // tests take the inbox's latest id, so it is never taken for the admin's contact e-mail.
    await testApp.mail.waitFor(adminEmail, { subject: 'Confirm your e-mail address' });
  });

  const send = (app: TestApp, fields: Record<string, string>) =>
    app.http().post('/api/contact').send(fields);

  const adminNotifications = async (): Promise<{ text: string }[]> =>
    (
      await testApp
        .http()
        .get('/api/notifications')
        .set('Authorization', `Bearer ${admin.accessToken}`)
        .expect(200)
    ).body;

  const stored = (email: string) =>
    testApp.app
      .get<Model<ContactMessage>>(getModelToken(ContactMessage.name))
      .find({ email })
      .lean()
      .exec();

  // The first test's anonymous sender: the second, which waits for a later confirmation, checks
  // that none went to this address.
  const anonymousSender = uniqueEmail('dana');

  it('stores the message and notifies the admins in the app and by e-mail; an anonymous sender gets no copy', async () => {
    const sender = anonymousSender;
    const since = testApp.mail.lastId();
    const sent = await send(testApp, {
      name: 'Dana Courier',
      email: sender,
      message: 'We run bike couriers in Leeds and would like to be listed.',
    }).expect(201);
    expect(sent.body).toEqual({
      success: true,
      message: `Thank you, Dana Courier: your message was sent. We will answer at ${sender}.`,
    });

    const [kept] = await stored(sender);
    expect(kept).toMatchObject({ name: 'Dana Courier', spamReasons: [] });
    const texts = (await adminNotifications()).map((notification) => notification.text);
    expect(texts).toContain(
      `Message from Dana Courier (${sender}): We run bike couriers in Leeds and would like to be listed.`,
    );
    const toAdmin = await testApp.mail.waitFor(admin.email, { since });
    expect(toAdmin.text).toContain('We run bike couriers in Leeds');
    expect(toAdmin.html).toContain('We run bike couriers in Leeds');
    // Anyone may type any address: nothing goes to it.
    expect(testApp.mail.messages().some((message) => message.to.includes(sender))).toBe(false);
  });

  // Two messages here, one before and two after: the five an hour one client address may send.
  it('confirms only to a signed-in sender at their own verified address', async () => {
    const verified = await registerEstablishedUser(testApp, { name: 'Vera Verified' });
    const elsewhere = uniqueEmail('victim');
    const since = testApp.mail.lastId();
    const sendAs = (user: RegisteredUser, email: string) =>
      testApp
        .http()
        .post('/api/contact')
        .set('Authorization', `Bearer ${user.accessToken}`)
        .send({ name: 'Vera', email, message: 'A question about listings.' })
        .expect(201);
    await sendAs(verified, elsewhere);
    await sendAs(verified, verified.email);

    const confirmation = await testApp.mail.waitFor(verified.email, {
      since,
      subject: 'We received your message',
    });
    expect(confirmation.text).toContain('Hello Vera,');
    const confirmed = testApp.mail
      .messages()
      .filter((message) => message.subject === 'We received your message')
      .flatMap((message) => message.to);
    expect(confirmed).not.toContain(elsewhere);
    expect(confirmed).not.toContain(anonymousSender);
  });

  it('keeps what the spam rules catch, but notifies and confirms nothing', async () => {
    const spammer = uniqueEmail('spam');
    const sent = await send(testApp, {
      name: 'Cheap Pills',
      email: spammer,
      message: 'Buy now http://a.example http://b.example http://c.example',
    }).expect(201);
    expect(sent.body.message).toBe(
      `Thank you, Cheap Pills: your message was sent. We will answer at ${spammer}.`,
    );
    const [kept] = await stored(spammer);
    expect(kept.spamReasons).toEqual(['LINK_SPAM']);
    // A real message after it is delivered; the spam before it never was.
    const since = testApp.mail.lastId();
    const sender = uniqueEmail('real');
    await send(testApp, { name: 'Real Person', email: sender, message: 'Hello there.' }).expect(
      201,
    );
    await testApp.mail.waitFor(admin.email, { since });
    const texts = (await adminNotifications()).map((notification) => notification.text);
    expect(texts.some((text) => text.includes('Cheap Pills'))).toBe(false);
    expect(testApp.mail.messages().some((message) => message.to.includes(spammer))).toBe(false);
  });

  it('limits messages per e-mail address and per client address, with a sentence', async () => {
    const limited = await startTestApp({ REDIS_PREFIX: `${process.env.REDIS_PREFIX}-contact` });
    try {
      const email = uniqueEmail('eager');
      const message = { name: 'Eager Sender', email, message: 'Any news?' };
      for (let attempt = 0; attempt < 3; attempt += 1) await send(limited, message).expect(201);
      const perEmail = await send(limited, message).expect(429);
      expect(perEmail.body.error).toMatch(
        /^Too many messages from this e-mail address; please try again in \d+ minutes?\.$/,
      );
      await send(limited, { ...message, email: uniqueEmail('other') }).expect(201);
      const perIp = await send(limited, { ...message, email: uniqueEmail('third') }).expect(429);
      expect(perIp.body.error).toMatch(/^Too many messages from your network; please try again/);
    } finally {
      await limited.close();
    }
  });

  it('refuses an empty form field by field', async () => {
    const refused = await send(testApp, { name: '', email: 'nope', message: '' }).expect(400);
    expect(refused.body.details.map((detail: { field: string }) => detail.field).sort()).toEqual([
      'email',
      'message',
      'name',
    ]);
    expect(JSON.stringify(refused.body)).toContain('Full name must be 1 to 80 characters long');
  });
});
