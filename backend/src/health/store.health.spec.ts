import { HealthIndicatorService } from '@nestjs/terminus';
import type { Connection } from 'mongoose';
import { StoreHealthIndicator } from './store.health';

/** A connection whose reads never answer, as on a wedged store; counts the reads sent. */
function wedgedConnection() {
  const reads = { sent: 0 };
  const collection = {
    findOne: () => {
      reads.sent += 1;
      return new Promise(() => undefined);
    },
  };
  const connection = { db: { collection: () => collection } } as unknown as Connection;
  return { connection, reads };
}

describe('StoreHealthIndicator', () => {
  it('on a store that never answers, says down after the deadline, with one read however many checks wait', async () => {
    jest.useFakeTimers();
    try {
      const { connection, reads } = wedgedConnection();
      const indicator = new StoreHealthIndicator(connection, new HealthIndicatorService());
      const checks = Array.from({ length: 20 }, () => indicator.isReadable('mongodb'));
      await jest.advanceTimersByTimeAsync(2000);
      const results = await Promise.all(checks);
      expect(reads.sent).toBe(1);
      for (const result of results) {
        expect(result).toEqual({
          mongodb: { status: 'down', message: 'no answer within 2000 ms' },
        });
      }
    } finally {
      jest.useRealTimers();
    }
  });

  it('says down at once when the connection never opened', async () => {
    const connection = {} as Connection;
    const indicator = new StoreHealthIndicator(connection, new HealthIndicatorService());
    expect(await indicator.isReadable('mongodb')).toEqual({
      mongodb: { status: 'down', message: 'not connected' },
    });
  });
});
