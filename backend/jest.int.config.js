const base = require('./jest.base.config');

/** Integration tests over HTTP against a throwaway FerretDB (or MongoDB container) and Redis. */
module.exports = {
  ...base,
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.int-spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // Logs the app's and the worker's queries; global-teardown checks their shapes.
  setupFilesAfterEnv: ['<rootDir>/test/support/record-queries.ts'],
  testTimeout: 30000,
};
