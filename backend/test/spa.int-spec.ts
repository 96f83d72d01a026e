import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { useTestApp } from './support/test-app';

describe('the built SPA', () => {
  const spaDir = mkdtempSync(join(tmpdir(), 'spa-'));
  const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
  // Another text in the .br than in the script itself shows which of the two was sent.
  const precompressed = `${script}// from the .br\n`;
  mkdirSync(join(spaDir, 'assets'));
  writeFileSync(join(spaDir, 'index.html'), '<!doctype html><title>Service Critic</title>');
  writeFileSync(join(spaDir, 'assets', 'app-1a2b3c.js'), script);
  writeFileSync(join(spaDir, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(precompressed));
  writeFileSync(join(spaDir, 'assets', 'plain-4d5e6f.js'), script);
  const testApp = useTestApp({ env: { SPA_DIR: spaDir } });
  afterAll(() => rmSync(spaDir, { recursive: true, force: true }));

  it('sends the precompressed brotli file of a hashed script to a browser that takes br', async () => {
    const response = await testApp
      .http()
      .get('/assets/app-1a2b3c.js')
      .set('Accept-Encoding', 'gzip, deflate, br')
      .expect(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(response.text).toBe(precompressed); // supertest decompresses
  });

  it('compresses on the fly for other browsers and for files without a .br', async () => {
    const gzip = await testApp
      .http()
      .get('/assets/app-1a2b3c.js')
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(script);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await testApp
      .http()
      .get('/assets/plain-4d5e6f.js')
      .set('Accept-Encoding', 'gzip, br')
      .expect(200);
    expect(plain.headers['content-encoding']).toBe('br');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers index.html, revalidated, for the app routes', async () => {
    const response = await testApp.http().get('/services/abc').expect(200);
    expect(response.text).toContain('<title>Service Critic</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});
