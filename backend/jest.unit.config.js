const base = require('./jest.base.config');

module.exports = { ...base, roots: ['<rootDir>/src'], testMatch: ['**/*.spec.ts'] };
