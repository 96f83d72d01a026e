const base = require('./jest.base.config');

/** The Kubernetes manifests, rendered with kustomize and validated offline: no cluster, no storage. */
module.exports = {
  ...base,
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.manifest-spec.ts'],
  // The first run builds kustomize (infra/kustomize) from the Go module proxy.
  testTimeout: 300_000,
};
