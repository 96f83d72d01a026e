import { ConfigError } from '../config/app-config';
import { describeStartupError } from './startup-error';

describe('describeStartupError', () => {
  it('passes configuration errors through', () => {
    expect(describeStartupError(new ConfigError('Invalid configuration: PORT bad.'))).toBe(
      'Invalid configuration: PORT bad.',
    );
  });

  it('names MONGO_URL and hides credentials when MongoDB cannot be reached', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
      name: 'MongooseServerSelectionError',
    });
    expect(describeStartupError(error, 'mongodb://user:secret@127.0.0.1:1/sc')).toBe(
      'Cannot reach MongoDB at mongodb://***@127.0.0.1:1/sc (MONGO_URL): connect ECONNREFUSED 127.0.0.1:1.',
    );
  });

  it('explains a port in use', () => {
    const error = Object.assign(
      new Error('listen EADDRINUSE: address already in use 0.0.0.0:3000'),
      {
        code: 'EADDRINUSE',
      },
    );
    expect(describeStartupError(error)).toMatch(/set PORT to a free port\.$/);
  });

  it('leaves unknown errors to the caller', () => {
    expect(describeStartupError(new TypeError('x is not a function'))).toBeUndefined();
  });
});
