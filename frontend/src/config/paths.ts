/**
 * Every route of the SPA, as the product's screens define them. `path` is the router pattern, `getHref` builds a link to it.
 */
const segment = (value: string) => encodeURIComponent(value);

export const paths = {
  home: { path: '/', getHref: () => '/' },
  services: { path: '/services', getHref: () => '/services' },
  service: { path: '/services/:id', getHref: (id: string) => `/services/${segment(id)}` },
  serviceClaim: {
    path: '/services/:id/claim',
    getHref: (id: string) => `/services/${segment(id)}/claim`,
  },
  compare: {
    path: '/compare',
    getHref: (ids: readonly string[]) => `/compare?ids=${ids.map(segment).join(',')}`,
  },
  blogs: { path: '/blogs', getHref: () => '/blogs' },
  login: { path: '/login', getHref: () => '/login' },
  register: { path: '/register', getHref: () => '/register' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  verifyEmail: { path: '/verify-email', getHref: () => '/verify-email' },
  account: { path: '/account', getHref: () => '/account' },
  profile: { path: '/users/:id', getHref: (id: string) => `/users/${segment(id)}` },
  addServices: { path: '/addservices', getHref: () => '/addservices' },
  myServices: { path: '/myservices', getHref: () => '/myservices' },
  serviceInsights: {
    path: '/myservices/:id/insights',
    getHref: (id: string) => `/myservices/${segment(id)}/insights`,
  },
  contacts: { path: '/contacts', getHref: () => '/contacts' },
  transparency: { path: '/transparency', getHref: () => '/transparency' },
  about: { path: '/about', getHref: () => '/about' },
  guidelines: { path: '/guidelines', getHref: () => '/guidelines' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  terms: { path: '/terms', getHref: () => '/terms' },
  myReviews: { path: '/myallreviews', getHref: () => '/myallreviews' },
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  allReviews: { path: '/allreviews', getHref: () => '/allreviews' },
  review: { path: '/reviews/:id', getHref: (id: string) => `/reviews/${segment(id)}` },
  update: { path: '/update/:id', getHref: (id: string) => `/update/${segment(id)}` },
  invitation: {
    path: '/invitations/:token',
    getHref: (token: string) => `/invitations/${segment(token)}`,
  },
  moderation: { path: '/admin/moderation', getHref: () => '/admin/moderation' },
  audit: { path: '/admin/audit', getHref: () => '/admin/audit' },
  reportQueue: { path: '/admin/reports', getHref: () => '/admin/reports' },
  appealQueue: { path: '/admin/appeals', getHref: () => '/admin/appeals' },
  serviceScreening: { path: '/admin/services', getHref: () => '/admin/services' },
  claimQueue: { path: '/admin/claims', getHref: () => '/admin/claims' },
  serviceAlerts: { path: '/admin/alerts', getHref: () => '/admin/alerts' },
} as const;
