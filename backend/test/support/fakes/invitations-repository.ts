import { dayOf } from '../../../src/auth/token-hash';
import type { Changes } from '../../../src/common/atomic-writes/atomic-documents';
import type {
  InvitationsRepository,
  StoredInvitation,
} from '../../../src/invitations/invitations.repository';
import { InMemoryDocuments } from './documents';

const DAY_MS = 86_400_000;

/** `customer_invitations` in memory, by `_id` (the token's hash). */
export class InMemoryInvitationsRepository implements Pick<
  InvitationsRepository,
  'insert' | 'findById' | 'modify' | 'deleteExpired'
> {
  readonly invitations = new InMemoryDocuments<StoredInvitation>();

  constructor(invitations: StoredInvitation[] = []) {
    for (const invitation of invitations) this.invitations.insert(invitation);
  }

  async insert(invitation: StoredInvitation) {
    this.invitations.insert(invitation);
  }

  async findById(id: string) {
    return this.invitations.get(id);
  }

  async modify(id: string, decide: (current: StoredInvitation) => Changes) {
    return this.invitations.modify(id, decide);
  }

  /** Removes the invitations whose expiry day is one of the last `days` days. */
  async deleteExpired(days = 7) {
    const expired = new Set(
      Array.from({ length: days }, (_, index) => dayOf(Date.now() - (index + 1) * DAY_MS)),
    );
    const removed = this.invitations
      .all()
      .filter((invitation) => expired.has(invitation.expiresOn))
      .map((invitation) => this.invitations.remove(invitation._id));
    return removed.length;
  }
}
