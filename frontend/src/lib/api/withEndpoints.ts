/* eslint-disable @typescript-eslint/no-unused-vars -- `infer _X`: a part matched, not used */
import type { Api, EndpointDefinitions } from '@reduxjs/toolkit/query';

// RTK's own DefinitionsFromApi and TagTypesFromApi match only APIs without the React hooks
// module (their pattern leaves out the modules), so a generated tag's API is read with these.
// Each part is inferred: `any` in a part does not match every API.

/** The endpoints an API's type declares. */
export type EndpointsOf<A> =
  A extends Api<infer _Query, infer Definitions, infer _Path, infer _Tags, infer _Modules>
    ? Definitions
    : never;

/** The tag types an API's type declares. */
export type TagTypesOf<A> =
  A extends Api<infer _Query, infer _Definitions, infer _Path, infer Tags, infer _Modules>
    ? Tags
    : never;

/**
 * The API `A` typed with all of `Definitions` and `TagTypes`: what it is at run time once every
 * generated tag file has injected its endpoints into the one API (generated/index.ts).
 */
export type WithEndpoints<A, Definitions extends EndpointDefinitions, TagTypes extends string> =
  A extends Api<infer Query, infer _Definitions, infer Path, infer _Tags, infer Modules>
    ? Api<Query, Definitions, Path, TagTypes, Modules>
    : never;
