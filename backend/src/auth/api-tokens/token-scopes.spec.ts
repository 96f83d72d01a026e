import { apiTokenOf } from './api-tokens.service';
import { grantableScopes, scopeRefusal } from './token-scopes';

describe('scopeRefusal', () => {
  it('refuses every token on a route that declares no scope: sessions only', () => {
    expect(scopeRefusal(undefined, ['reviews:read', 'admin'])).toEqual({ reason: 'sessions-only' });
    expect(scopeRefusal([], ['reviews:read'])).toEqual({ reason: 'sessions-only' });
  });

  it('names the scopes a token lacks, and lets in one that has them all', () => {
    expect(scopeRefusal(['reviews:write'], ['reviews:read'])).toEqual({
      reason: 'missing-scope',
      scopes: ['reviews:write'],
    });
    expect(scopeRefusal(['reviews:write', 'admin'], ['admin'])).toEqual({
      reason: 'missing-scope',
      scopes: ['reviews:write'],
    });
    expect(scopeRefusal(['reviews:write'], ['reviews:read', 'reviews:write'])).toBeNull();
  });
});

describe('grantableScopes', () => {
  it('gives the admin scope to admins only', () => {
    expect(grantableScopes(false)).not.toContain('admin');
    expect(grantableScopes(true)).toContain('admin');
    expect(grantableScopes(false)).toContain('webhooks');
  });
});

describe('apiTokenOf', () => {
  it('reads a personal API token from a bearer header, and nothing else', () => {
    expect(apiTokenOf('Bearer sc_pat_abc')).toBe('sc_pat_abc');
    expect(apiTokenOf('Bearer eyJhbGciOiJIUzI1NiJ9.e30.x')).toBeUndefined();
    expect(apiTokenOf('Basic sc_pat_abc')).toBeUndefined();
    expect(apiTokenOf(undefined)).toBeUndefined();
  });
});
