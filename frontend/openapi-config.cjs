/* global module */
// The RTK Query codegen's options for the SPA's client (scripts/api-client.mjs runs it once per
// OpenAPI tag). Every operation is in the client, except those the backend marks
// `x-not-in-client` (browser redirects, operators' routes): a new endpoint needs no listing here.
module.exports = {
  schemaFile: '../backend/openapi.json',
  apiFile: './src/lib/api/baseApi.ts',
  apiImport: 'baseApi',
  tag: true,
  filterEndpoints: (_name, definition) => definition.operation['x-not-in-client'] !== true,
  // The base query sends Idempotency-Key with every mutation: no endpoint takes it as an argument.
  endpointOverrides: [
    { pattern: /./, parameterFilter: (_name, parameter) => parameter.name !== 'Idempotency-Key' },
  ],
};
