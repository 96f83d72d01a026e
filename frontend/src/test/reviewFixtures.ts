import type { ReviewDto, ReviewPermissionsDto } from '../lib/api/client';
import type { SignedInUser } from '../auth/authSlice';

export const ann: SignedInUser = {
  uid: 'u-ann',
  email: 'ann@example.com',
  displayName: 'Ann Author',
  photoURL: '',
  emailVerified: true,
  isAdmin: false,
};

export const bob: SignedInUser = {
  ...ann,
  uid: 'u-bob',
  email: 'bob@example.com',
  displayName: 'Bob',
};

/** What a visitor who is neither the author nor an admin may do. */
export const noPermissions: ReviewPermissionsDto = {
  edit: false,
  delete: false,
  reply: false,
  report: false,
  helpful: false,
  appeal: false,
};

/** What the author (or an admin) may do. */
export const managePermissions: ReviewPermissionsDto = {
  ...noPermissions,
  edit: true,
  delete: true,
};

/** A published review by Ann, as a visitor gets it; override any field. */
export function aReview(overrides: Partial<ReviewDto> = {}): ReviewDto {
  return {
    _id: '665f1c2ab4d3e8a1f0c9d001',
    title: 'Same-Day City Courier',
    details: 'Fast and careful with my parcel.',
    serviceID: 4821,
    service: '665f1c2ab4d3e8a1f0c9d123',
    rating: 4,
    criteria: {},
    reviewUser: 'Ann Author',
    reviewerImage: '',
    authorId: 'u-ann',
    status: 'published',
    moderationReasons: [],
    versionCount: 0,
    helpfulCount: 0,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    permissions: noPermissions,
    ...overrides,
  };
}
