const base = require('./jest.base.config');

module.exports = {
  ...base,
  roots: ['<rootDir>/src', '<rootDir>/test/support'],
  testMatch: ['**/*.spec.ts'],
};
