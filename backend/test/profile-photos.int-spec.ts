import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { registerUser, type RegisteredUser } from './support/auth-helpers';
import { useTestApp } from './support/test-app';

function image(format: 'png' | 'jpeg' | 'gif', width = 600, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();
}

describe('profile photos uploaded to the app', () => {
  const testApp = useTestApp();
  let user: RegisteredUser;

  beforeAll(async () => {
    user = await registerUser(testApp);
  });

  const upload = (body: Buffer, contentType: string) =>
    testApp
      .http()
      .put('/api/account/photo')
      .set('Authorization', `Bearer ${user.accessToken}`)
      .set('Content-Type', contentType)
      .send(body);

  it('re-encodes a JPEG, PNG or GIF to a 256×256 WebP, serves it, and makes it the photo', async () => {
    for (const format of ['png', 'jpeg', 'gif'] as const) {
      const uploaded = await upload(await image(format), `image/${format}`).expect(200);
      expect(uploaded.body.photoURL).toMatch(/^\/api\/photos\/[a-f\d]{24}$/);

      const served = await testApp.http().get(uploaded.body.photoURL).buffer(true).expect(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(served.body as Buffer).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });

      const me = await testApp
        .http()
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${user.accessToken}`)
        .expect(200);
      expect(me.body.photoURL).toBe(uploaded.body.photoURL);
    }
  });

  it('removes the previous photo when a new one comes', async () => {
    const first = await upload(await image('png'), 'image/png').expect(200);
    await upload(await image('jpeg'), 'image/jpeg').expect(200);
    await testApp.http().get(first.body.photoURL).expect(404);
  });

  it('refuses what is not an image, whatever its type says', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n');
    const asPng = await upload(pdf, 'image/png').expect(415);
    expect(asPng.body.error).toBe('The photo must be a JPEG, PNG, WebP or GIF image.');
    const truncated = (await image('png')).subarray(0, 40);
    await upload(truncated, 'image/png').expect(415);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    await upload(svg, 'image/svg+xml').expect(415);
    const asText = await upload(pdf, 'application/pdf').expect(415);
    expect(asText.body.error).toMatch(/^Send the photo as the body, with its image type/);
  });

  it('refuses a photo larger than 2 MB', async () => {
    const big = Buffer.concat([await image('png'), randomBytes(2 * 1024 * 1024)]);
    const refused = await upload(big, 'image/png').expect(413);
    expect(refused.body).toMatchObject({
      code: 'PHOTO_TOO_LARGE',
      error: 'The photo is larger than 2 MB.',
    });
  });

  it('needs a login to upload, and answers 404 for an unknown photo', async () => {
    await testApp
      .http()
      .put('/api/account/photo')
      .set('Content-Type', 'image/png')
      .send(await image('png'))
      .expect(401);
    await testApp.http().get('/api/photos/665f1c2ab4d3e8a1f0c9d999').expect(404);
  });
});
