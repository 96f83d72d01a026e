/**
 * Per collection that grows: the key fields whose equality selects a set that stays small. A key
 * is one field, or several that select a small set only together. `_id` lookups are always
 * allowed and need no entry. A collection with an empty list accepts `_id` lookups only.
 */
export const QUERY_KEYS: Record<string, readonly (readonly string[])[]> = {
  reviews: [['service'], ['authorId'], ['pending'], ['reported'], ['appealOpen']],
  review_create_batches: [['waiting']],
  review_reports: [['reviewId'], ['reporterId']],
  reporter_standings: [],
  review_helpful_votes: [],
  service_insight_months: [],
  service_texts: [],
  users: [['email']],
  identities: [['provider', 'subject'], ['userId']],
  notifications: [['userId']],
  refresh_tokens: [['expiresOn']],
  session_families: [['expiresOn']],
  logins: [['userId'], ['expiresOn']],
  api_tokens: [['userId']],
  account_tokens: [['expiresOn']],
  customer_invitations: [['expiresOn']],
  service_claims: [['awaiting']],
  service_alerts: [['open'], ['serviceId', 'open']],
  profile_photos: [['userId']],
  contact_messages: [['day']],
  outbox: [['pending']],
  audit_log: [['day'], ['reviewId'], ['actorId']],
  webhook_endpoints: [['serviceId']],
  webhook_deliveries: [['endpointId']],
  review_feed_pages: [],
};

/** Collections that stay small whatever the traffic: their queries are not checked. */
export const SMALL_COLLECTIONS: readonly string[] = [
  'services',
  'blogs',
  'transparency_months',
  'site_ratings',
];
