/* global module */
// The RTK Query client generated from the backend's OpenAPI document (`npm run gen-api`). Every
// operation is in it, except those the backend marks `x-not-in-client` (browser redirects,
// operators' routes): a new endpoint needs no listing here.
module.exports = {
  schemaFile: '../backend/openapi.json',
  apiFile: './src/lib/api/baseApi.ts',
  apiImport: 'baseApi',
  outputFile: './src/lib/api/generated.ts',
  exportName: 'api',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  tag: true,
  filterEndpoints: (_name, definition) => definition.operation['x-not-in-client'] !== true,
};
