import {
  AUTHOR_HISTORY_LIMIT,
  type ActivityEntry,
  type AuthorHistories,
  type Tombstone,
} from '../../../src/moderation/author-histories';

type Change = ActivityEntry | Tombstone;

/**
 * The authors' histories as Redis keeps them, in memory: a history is changed only once it
 * exists (filled), and a change never replaces one of a later time.
 */
export class InMemoryAuthorHistories implements Pick<
  AuthorHistories,
  'note' | 'noteAndRead' | 'fill'
> {
  readonly histories = new Map<string, Map<string, Change>>();

  async note(authorId: string, ...changes: Change[]) {
    const history = this.histories.get(authorId);
    if (history) for (const change of changes) put(history, change);
  }

  async noteAndRead(authorId: string, change: ActivityEntry) {
    const history = this.histories.get(authorId);
    if (!history) return null;
    put(history, change);
    return [...history.values()]
      .filter((entry): entry is ActivityEntry => 'textTag' in entry)
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, AUTHOR_HISTORY_LIMIT);
  }

  async fill(authorId: string, entries: ActivityEntry[]) {
    const history = this.histories.get(authorId) ?? new Map<string, Change>();
    for (const entry of entries) put(history, entry);
    this.histories.set(authorId, history);
  }
}

function put(history: Map<string, Change>, change: Change): void {
  const stored = history.get(change.reviewId);
  if (!stored || stored.at <= change.at) history.set(change.reviewId, change);
}
