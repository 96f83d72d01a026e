import mongoose from 'mongoose';
import { parseAllowlist, queryKey } from './check-query-shapes';
import { classifyQuery, filterShape } from './query-shape';

const keys = { reviews: [['service'], ['authorId']], identities: [['provider', 'subject']] };
const small = ['services'];
const verdict = (collection: string, filter: Record<string, unknown> | null) =>
  classifyQuery({ collection, filter }, keys, small);
const id = new mongoose.Types.ObjectId();

describe('classifyQuery', () => {
  it('allows an _id equality, whatever else the filter holds', () => {
    expect(verdict('reviews', { _id: id })).toEqual({ kind: 'allowed' });
    expect(verdict('reviews', { _id: 'a:b', status: { $ne: 'deleted' } }).kind).toBe('allowed');
    expect(verdict('reviews', { _id: { $eq: id } }).kind).toBe('allowed');
  });

  it('allows equalities on pushed-down types that include a key field', () => {
    expect(verdict('reviews', { service: id, status: 'published' }).kind).toBe('allowed');
    expect(verdict('reviews', { authorId: 'u1', rating: 5, hidden: false }).kind).toBe('allowed');
    expect(verdict('reviews', { authorId: { $eq: 'u1' }, at: new Date() }).kind).toBe('allowed');
    expect(verdict('identities', { provider: 'google', subject: '42' }).kind).toBe('allowed');
  });

  it('rejects equalities without a key field, or with only part of a compound key', () => {
    expect(verdict('reviews', { status: 'flagged' })).toEqual({
      kind: 'violation',
      reason: 'no key field: needs an equality on service or authorId',
    });
    expect(verdict('reviews', {}).kind).toBe('violation');
    expect(verdict('identities', { provider: 'google' }).kind).toBe('violation');
  });

  it.each([
    [{ service: id, rating: { $gte: 4 } }, 'rating uses $gte, never pushed down'],
    [{ service: id, $or: [{ a: 1 }, { b: 2 }] }, '$or is an operator that is never pushed down'],
    [{ authorId: 'u', readAt: null }, 'readAt is null, which is not pushed down'],
    [{ authorId: 'u', 'actor.email': 'a@b.c' }, 'actor.email is a nested field'],
    [{ authorId: { $in: ['u', 'v'] } }, 'authorId uses $in, never pushed down'],
    [{ service: id, title: /fast/ }, 'title is not a string, ObjectId, date, boolean or integer'],
    [{ service: id, score: 4.5 }, 'score is a fractional number'],
    [{ service: id, tags: ['a'] }, 'tags is not a string'],
    [{ service: id, author: { id: 'u' } }, 'author matches an embedded document'],
  ])('rejects %j: %s', (filter, reason) => {
    const result = verdict('reviews', filter);
    expect(result.kind).toBe('violation');
    expect(result.kind === 'violation' && result.reason).toContain(reason);
  });

  it('rejects an aggregate without a leading $match, and collections nobody declared', () => {
    expect(verdict('reviews', null).kind).toBe('violation');
    expect(verdict('likes', { userId: 'u' })).toEqual({
      kind: 'violation',
      reason: 'likes is neither small nor given key fields in query-keys.ts',
    });
  });

  it('does not check collections that stay small', () => {
    expect(verdict('services', { rating: { $gte: 4 } })).toEqual({ kind: 'unchecked' });
  });
});

describe('filterShape and the allowlist', () => {
  it('names a filter by its fields and value types, in a stable order', () => {
    expect(filterShape({ userId: 'u', readAt: null, n: 2, x: 0.5, at: { $lt: new Date() } })).toBe(
      '{"at":{"$lt":"Date"},"n":"int","readAt":null,"userId":"string","x":"double"}',
    );
    expect(filterShape({ _id: { $in: [id, id] } })).toBe('{"_id":{"$in":["ObjectId"]}}');
    expect(filterShape(null)).toBe('no-$match');
  });

  it('reads one entry a line, each with a reason', () => {
    const key = queryKey({ collection: 'reviews', method: 'find', filter: { status: 'x' } });
    expect(parseAllowlist(`# comment\n\n${key}  # the lead reshapes reviews\n`)).toEqual(
      new Set([key]),
    );
    expect(() => parseAllowlist(`${key}\n`)).toThrow('line 1 has no "  # why"');
  });
});
