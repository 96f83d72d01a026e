import { describe, expect, it } from 'vitest';
import { diffRecords } from './auditDiff';

describe('diffRecords', () => {
  it('marks each field added, removed, changed or the same, readable fields first', () => {
    const diff = diffRecords(
      { title: 'Old', rating: 2, status: 'flagged', moderationNote: 'Rude', zone: 'A', rev: 3 },
      { title: 'Old', rating: 4, status: 'published', createdBy: 'u1', zone: 'A', rev: 4 },
    );
    expect(diff.map(({ field, change }) => [field, change])).toEqual([
      ['title', 'same'],
      ['rating', 'changed'],
      ['status', 'changed'],
      ['moderationNote', 'removed'],
      ['createdBy', 'added'],
      ['zone', 'same'],
    ]);
  });

  it('compares nested values by content and treats empty lists as nothing', () => {
    const diff = diffRecords(
      { criteria: { speed: 3 }, moderationReasons: [] },
      { criteria: { speed: 3 }, moderationReasons: ['PROFANITY'] },
    );
    expect(diff).toEqual([
      { field: 'criteria', before: { speed: 3 }, after: { speed: 3 }, change: 'same' },
      {
        field: 'moderationReasons',
        before: [],
        after: ['PROFANITY'],
        change: 'added',
      },
    ]);
  });

  it('shows a created record as all added and a deleted one as all removed', () => {
    expect(diffRecords(null, { title: 'New' })).toEqual([
      { field: 'title', before: undefined, after: 'New', change: 'added' },
    ]);
    expect(diffRecords({ details: 'Gone' }, null)[0]?.change).toBe('removed');
  });
});
