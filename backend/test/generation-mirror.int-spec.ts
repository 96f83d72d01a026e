import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { GenerationMirror } from '../src/common/read-cache/generation-mirror';
import { ReadCache } from '../src/common/read-cache/read-cache';
import { REDIS_CLIENT } from '../src/common/redis-client';
import { useTestApp } from './support/test-app';
import { eventually } from './support/test-worker';

describe('GenerationMirror', () => {
  const testApp = useTestApp();

  it('holds at most its limit of scopes, and reads a forgotten one from Redis again', async () => {
    const { store } = testApp.app.get(ReadCache);
    const mirror = new GenerationMirror(testApp.app.get<Redis>(REDIS_CLIENT), store, 3);
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => `mirror-test-${name}-${randomUUID()}`);
    mirror.start();
    try {
      await eventually('the mirror subscribed', async () => mirror.connected || undefined);
      const first = await mirror.load([a, b, c]);
      expect(mirror.current([a, b, c])).toEqual(first);

      await mirror.load([d]);
      // The scope held longest is forgotten: its generation comes from Redis again.
      expect(mirror.current([a])).toBeUndefined();
      expect(mirror.current([b, c, d])).toBeDefined();

      const bumped = await store.bump([a]);
      const [again] = await mirror.load([a]);
      expect(again).toBe(bumped[0]);
      expect(mirror.current([b])).toBeUndefined();
      // Held again, it follows the bumps again.
      const [later] = await store.bump([a]);
      await eventually('the bump reached the mirror', async () =>
        mirror.current([a])?.[0] === later ? true : undefined,
      );
    } finally {
      await mirror.stop();
    }
  });
});
