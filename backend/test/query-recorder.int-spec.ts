import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Notification } from '../src/notifications/notification.schema';
import { registerUser } from './support/auth-helpers';
import { QUERY_LOG_DIR_ENV, readQueryLog } from './support/query-log';
import { useTestApp } from './support/test-app';

/** The query-shape check sees what the app asks the database, not the tests' own reads. */
describe('the query recorder', () => {
  const testApp = useTestApp();

  it("logs the queries of the app's requests, and not those the test makes itself", async () => {
    const notifications: Model<Notification> = testApp.app.get(getModelToken(Notification.name));
    await notifications.find({ userId: 'asked-by-the-test' }).exec();
    const user = await registerUser(testApp);
    await testApp
      .http()
      .get('/api/notifications')
      .set('Authorization', `Bearer ${user.accessToken}`)
      .expect(200);

    const logged = readQueryLog(process.env[QUERY_LOG_DIR_ENV]!).filter(
      (query) =>
        query.file === 'test/query-recorder.int-spec.ts' && query.collection === 'notifications',
    );
    expect(logged.map(({ method, filter }) => ({ method, filter }))).toEqual([
      { method: 'find', filter: { userId: user.uid } },
    ]);
  });
});
