import { useSearchParams } from 'react-router-dom';
import type { ListReviewsApiArg } from '../../../lib/api/client';

/** What an admin's review list is narrowed and ordered by; kept in the address, so it can be shared. */
export interface AdminReviewFilters {
  q: string;
  status: NonNullable<ListReviewsApiArg['status']>;
  reason: ListReviewsApiArg['reason'] | '';
  service: string;
  author: string;
  sort: 'newest' | 'oldest';
}

export const ADMIN_STATUSES: AdminReviewFilters['status'][] = [
  'any',
  'flagged',
  'published',
  'rejected',
];

const FIELDS = ['q', 'status', 'reason', 'service', 'author', 'sort'] as const;

/** The list's filters: the address's, over the page's defaults (e.g. the queue's flagged, oldest first). */
export function useAdminReviewFilters(defaults: Pick<AdminReviewFilters, 'status' | 'sort'>) {
  const [params, setParams] = useSearchParams();
  const filters: AdminReviewFilters = {
    q: params.get('q') ?? '',
    status: (params.get('status') as AdminReviewFilters['status'] | null) ?? defaults.status,
    reason: (params.get('reason') as AdminReviewFilters['reason'] | null) ?? '',
    service: params.get('service') ?? '',
    author: params.get('author') ?? '',
    sort: (params.get('sort') as AdminReviewFilters['sort'] | null) ?? defaults.sort,
  };
  const change = (changes: Partial<AdminReviewFilters>) => {
    const next = { ...filters, ...changes };
    const kept = new URLSearchParams();
    for (const field of FIELDS) {
      const value = next[field];
      const isDefault = field in defaults && value === defaults[field as keyof typeof defaults];
      if (value && !isDefault) kept.set(field, value);
    }
    setParams(kept, { replace: true });
  };
  return { filters, change };
}

/** The list query's arguments: only the filters that are set. */
export function filterArgs(filters: AdminReviewFilters): ListReviewsApiArg {
  return {
    status: filters.status,
    sort: filters.sort,
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.reason ? { reason: filters.reason } : {}),
    ...(filters.service ? { service: filters.service } : {}),
    ...(filters.author ? { author: filters.author } : {}),
  };
}

/** A text search across every service looks at a bounded window (backend ADMIN_SEARCH_WINDOW). */
export const SEARCH_WINDOW = 200;

export function searchesAWindow(filters: AdminReviewFilters): boolean {
  return !!filters.q && !filters.service && !filters.author;
}
