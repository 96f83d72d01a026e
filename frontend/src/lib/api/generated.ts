import { baseApi as api } from './baseApi';
export const addTagTypes = [
  'accounts',
  'reviews',
  'services',
  'admin',
  'auth',
  'blogs',
  'contact',
  'notifications',
  'profiles',
  'users',
] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      deleteMyAccount: build.mutation<DeleteMyAccountApiResponse, DeleteMyAccountApiArg>({
        query: (queryArg) => ({
          url: `/api/account/delete`,
          method: 'POST',
          body: queryArg.deleteAccountDto,
        }),
        invalidatesTags: ['accounts'],
      }),
      exportMyData: build.query<ExportMyDataApiResponse, ExportMyDataApiArg>({
        query: () => ({ url: `/api/account/export` }),
        providesTags: ['accounts'],
      }),
      changePassword: build.mutation<ChangePasswordApiResponse, ChangePasswordApiArg>({
        query: (queryArg) => ({
          url: `/api/account/password`,
          method: 'POST',
          body: queryArg.changePasswordDto,
        }),
        invalidatesTags: ['accounts'],
      }),
      uploadPhoto: build.mutation<UploadPhotoApiResponse, UploadPhotoApiArg>({
        query: (queryArg) => ({ url: `/api/account/photo`, method: 'PUT', body: queryArg.body }),
        invalidatesTags: ['accounts'],
      }),
      listSessions: build.query<ListSessionsApiResponse, ListSessionsApiArg>({
        query: () => ({ url: `/api/account/sessions` }),
        providesTags: ['accounts'],
      }),
      signOutOtherSessions: build.mutation<
        SignOutOtherSessionsApiResponse,
        SignOutOtherSessionsApiArg
      >({
        query: () => ({ url: `/api/account/sessions/sign-out-others`, method: 'POST' }),
        invalidatesTags: ['accounts'],
      }),
      resendVerification: build.mutation<ResendVerificationApiResponse, ResendVerificationApiArg>({
        query: () => ({ url: `/api/account/verification`, method: 'POST' }),
        invalidatesTags: ['accounts'],
      }),
      addReview: build.mutation<AddReviewApiResponse, AddReviewApiArg>({
        query: (queryArg) => ({
          url: `/api/addreviews`,
          method: 'POST',
          body: queryArg.createReviewDto,
        }),
        invalidatesTags: ['reviews'],
      }),
      addService: build.mutation<AddServiceApiResponse, AddServiceApiArg>({
        query: (queryArg) => ({
          url: `/api/addservices`,
          method: 'POST',
          body: queryArg.createServiceDto,
        }),
        invalidatesTags: ['services'],
      }),
      listAuditEntries: build.query<ListAuditEntriesApiResponse, ListAuditEntriesApiArg>({
        query: (queryArg) => ({
          url: `/api/admin/audit`,
          params: {
            limit: queryArg.limit,
            offset: queryArg.offset,
            action: queryArg.action,
            actor: queryArg.actor,
            review: queryArg.review,
            day: queryArg.day,
          },
        }),
        providesTags: ['admin'],
      }),
      listModerationQueue: build.query<ListModerationQueueApiResponse, ListModerationQueueApiArg>({
        query: (queryArg) => ({
          url: `/api/admin/moderation`,
          params: {
            limit: queryArg.limit,
            offset: queryArg.offset,
          },
        }),
        providesTags: ['admin'],
      }),
      openQueuesDashboard: build.mutation<
        OpenQueuesDashboardApiResponse,
        OpenQueuesDashboardApiArg
      >({
        query: () => ({ url: `/api/admin/queues-session`, method: 'POST' }),
        invalidatesTags: ['admin'],
      }),
      approveReview: build.mutation<ApproveReviewApiResponse, ApproveReviewApiArg>({
        query: (queryArg) => ({ url: `/api/admin/reviews/${queryArg.id}/approve`, method: 'POST' }),
        invalidatesTags: ['admin'],
      }),
      rejectReview: build.mutation<RejectReviewApiResponse, RejectReviewApiArg>({
        query: (queryArg) => ({
          url: `/api/admin/reviews/${queryArg.id}/reject`,
          method: 'POST',
          body: queryArg.rejectReviewDto,
        }),
        invalidatesTags: ['admin'],
      }),
      login: build.mutation<LoginApiResponse, LoginApiArg>({
        query: (queryArg) => ({ url: `/api/auth/login`, method: 'POST', body: queryArg.loginDto }),
        invalidatesTags: ['auth'],
      }),
      logout: build.mutation<LogoutApiResponse, LogoutApiArg>({
        query: () => ({ url: `/api/auth/logout`, method: 'POST' }),
        invalidatesTags: ['auth'],
      }),
      getMe: build.query<GetMeApiResponse, GetMeApiArg>({
        query: () => ({ url: `/api/auth/me` }),
        providesTags: ['auth'],
      }),
      updateMe: build.mutation<UpdateMeApiResponse, UpdateMeApiArg>({
        query: (queryArg) => ({
          url: `/api/auth/me`,
          method: 'PATCH',
          body: queryArg.updateProfileDto,
        }),
        invalidatesTags: ['auth'],
      }),
      requestPasswordReset: build.mutation<
        RequestPasswordResetApiResponse,
        RequestPasswordResetApiArg
      >({
        query: (queryArg) => ({
          url: `/api/auth/password-reset`,
          method: 'POST',
          body: queryArg.requestPasswordResetDto,
        }),
        invalidatesTags: ['accounts'],
      }),
      resetPassword: build.mutation<ResetPasswordApiResponse, ResetPasswordApiArg>({
        query: (queryArg) => ({
          url: `/api/auth/password-reset/confirm`,
          method: 'POST',
          body: queryArg.resetPasswordDto,
        }),
        invalidatesTags: ['accounts'],
      }),
      getAuthProviders: build.query<GetAuthProvidersApiResponse, GetAuthProvidersApiArg>({
        query: () => ({ url: `/api/auth/providers` }),
        providesTags: ['auth'],
      }),
      refreshSession: build.mutation<RefreshSessionApiResponse, RefreshSessionApiArg>({
        query: () => ({ url: `/api/auth/refresh`, method: 'POST' }),
        invalidatesTags: ['auth'],
      }),
      verifyEmail: build.mutation<VerifyEmailApiResponse, VerifyEmailApiArg>({
        query: (queryArg) => ({
          url: `/api/auth/verify-email`,
          method: 'POST',
          body: queryArg.verifyEmailDto,
        }),
        invalidatesTags: ['accounts'],
      }),
      listBlogs: build.query<ListBlogsApiResponse, ListBlogsApiArg>({
        query: (queryArg) => ({
          url: `/api/blogs`,
          params: {
            limit: queryArg.limit,
            offset: queryArg.offset,
          },
        }),
        providesTags: ['blogs'],
      }),
      listCategories: build.query<ListCategoriesApiResponse, ListCategoriesApiArg>({
        query: () => ({ url: `/api/categories` }),
        providesTags: ['services'],
      }),
      sendContactMessage: build.mutation<SendContactMessageApiResponse, SendContactMessageApiArg>({
        query: (queryArg) => ({
          url: `/api/contact`,
          method: 'POST',
          body: queryArg.contactMessageDto,
        }),
        invalidatesTags: ['contact'],
      }),
      getEditableReview: build.query<GetEditableReviewApiResponse, GetEditableReviewApiArg>({
        query: (queryArg) => ({ url: `/api/myeditedreviews/${queryArg.id}` }),
        providesTags: ['reviews'],
      }),
      listMyReviews: build.query<ListMyReviewsApiResponse, ListMyReviewsApiArg>({
        query: (queryArg) => ({
          url: `/api/myreviews`,
          params: {
            limit: queryArg.limit,
            offset: queryArg.offset,
            sort: queryArg.sort,
            q: queryArg.q,
            rating: queryArg.rating,
            service: queryArg.service,
            status: queryArg.status,
            email: queryArg.email,
          },
        }),
        providesTags: ['reviews'],
      }),
      listNotifications: build.query<ListNotificationsApiResponse, ListNotificationsApiArg>({
        query: (queryArg) => ({
          url: `/api/notifications`,
          params: {
            limit: queryArg.limit,
            offset: queryArg.offset,
          },
        }),
        providesTags: ['notifications'],
      }),
      markAllNotificationsRead: build.mutation<
        MarkAllNotificationsReadApiResponse,
        MarkAllNotificationsReadApiArg
      >({
        query: () => ({ url: `/api/notifications/read-all`, method: 'POST' }),
        invalidatesTags: ['notifications'],
      }),
      markNotificationRead: build.mutation<
        MarkNotificationReadApiResponse,
        MarkNotificationReadApiArg
      >({
        query: (queryArg) => ({ url: `/api/notifications/${queryArg.id}/read`, method: 'POST' }),
        invalidatesTags: ['notifications'],
      }),
      getPhoto: build.query<GetPhotoApiResponse, GetPhotoApiArg>({
        query: (queryArg) => ({ url: `/api/photos/${queryArg.id}` }),
        providesTags: ['accounts'],
      }),
      getProfile: build.query<GetProfileApiResponse, GetProfileApiArg>({
        query: (queryArg) => ({ url: `/api/profiles/${queryArg.id}` }),
        providesTags: ['profiles'],
      }),
      listProfileReviews: build.query<ListProfileReviewsApiResponse, ListProfileReviewsApiArg>({
        query: (queryArg) => ({
          url: `/api/profiles/${queryArg.id}/reviews`,
          params: {
            limit: queryArg.limit,
            offset: queryArg.offset,
          },
        }),
        providesTags: ['profiles'],
      }),
      register: build.mutation<RegisterApiResponse, RegisterApiArg>({
        query: (queryArg) => ({ url: `/api/register`, method: 'POST', body: queryArg.registerDto }),
        invalidatesTags: ['auth'],
      }),
      listReviews: build.query<ListReviewsApiResponse, ListReviewsApiArg>({
        query: (queryArg) => ({
          url: `/api/reviews`,
          params: {
            limit: queryArg.limit,
            offset: queryArg.offset,
            sort: queryArg.sort,
            q: queryArg.q,
            rating: queryArg.rating,
            service: queryArg.service,
            status: queryArg.status,
          },
        }),
        providesTags: ['reviews'],
      }),
      deleteReview: build.mutation<DeleteReviewApiResponse, DeleteReviewApiArg>({
        query: (queryArg) => ({ url: `/api/reviews/${queryArg.id}`, method: 'DELETE' }),
        invalidatesTags: ['reviews'],
      }),
      getHomeServices: build.query<GetHomeServicesApiResponse, GetHomeServicesApiArg>({
        query: () => ({ url: `/api/servicelimit` }),
        providesTags: ['services'],
      }),
      listServices: build.query<ListServicesApiResponse, ListServicesApiArg>({
        query: (queryArg) => ({
          url: `/api/services`,
          params: {
            limit: queryArg.limit,
            offset: queryArg.offset,
            sort: queryArg.sort,
            q: queryArg.q,
            category: queryArg.category,
            rating: queryArg.rating,
          },
        }),
        providesTags: ['services'],
      }),
      getService: build.query<GetServiceApiResponse, GetServiceApiArg>({
        query: (queryArg) => ({ url: `/api/services/${queryArg.id}` }),
        providesTags: ['services'],
      }),
      updateReview: build.mutation<UpdateReviewApiResponse, UpdateReviewApiArg>({
        query: (queryArg) => ({
          url: `/api/updatereviews/edit/${queryArg.id}`,
          method: 'PATCH',
          body: queryArg.updateReviewDto,
        }),
        invalidatesTags: ['reviews'],
      }),
      getAdminStatus: build.query<GetAdminStatusApiResponse, GetAdminStatusApiArg>({
        query: (queryArg) => ({ url: `/api/users/admin/${queryArg.email}` }),
        providesTags: ['users'],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as api };
export type DeleteMyAccountApiResponse = /** status 200  */ AccountMessageDto;
export type DeleteMyAccountApiArg = {
  deleteAccountDto: DeleteAccountDto;
};
export type ExportMyDataApiResponse = unknown;
export type ExportMyDataApiArg = void;
export type ChangePasswordApiResponse = /** status 200  */ EndedSessionsDto;
export type ChangePasswordApiArg = {
  changePasswordDto: ChangePasswordDto;
};
export type UploadPhotoApiResponse = /** status 200  */ PhotoUploadedDto;
export type UploadPhotoApiArg = {
  body: Blob;
};
export type ListSessionsApiResponse = /** status 200  */ SessionDto[];
export type ListSessionsApiArg = void;
export type SignOutOtherSessionsApiResponse = /** status 200  */ EndedSessionsDto;
export type SignOutOtherSessionsApiArg = void;
export type ResendVerificationApiResponse = /** status 200  */ AccountMessageDto;
export type ResendVerificationApiArg = void;
export type AddReviewApiResponse = /** status 201  */ InsertResultDto;
export type AddReviewApiArg = {
  createReviewDto: CreateReviewDto;
};
export type AddServiceApiResponse = /** status 201  */ InsertResultDto;
export type AddServiceApiArg = {
  createServiceDto: CreateServiceDto;
};
export type ListAuditEntriesApiResponse = /** status 200  */ AuditEntryDto[];
export type ListAuditEntriesApiArg = {
  limit?: number;
  offset?: number;
  /** Only this kind of change */
  action?: EventType;
  /** The actor's e-mail */
  actor?: string;
  /** Only entries about this review id */
  review?: string;
  /** Only entries of this UTC day (YYYY-MM-DD); without review or actor, today is the default */
  day?: string;
};
export type ListModerationQueueApiResponse = /** status 200  */ ReviewDto[];
export type ListModerationQueueApiArg = {
  limit?: number;
  offset?: number;
};
export type OpenQueuesDashboardApiResponse = /** status 200  */ QueuesSessionDto;
export type OpenQueuesDashboardApiArg = void;
export type ApproveReviewApiResponse = /** status 200  */ ModerationResultDto;
export type ApproveReviewApiArg = {
  id: string;
};
export type RejectReviewApiResponse = /** status 200  */ ModerationResultDto;
export type RejectReviewApiArg = {
  id: string;
  rejectReviewDto: RejectReviewDto;
};
export type LoginApiResponse = /** status 200  */ AuthResultDto;
export type LoginApiArg = {
  loginDto: LoginDto;
};
export type LogoutApiResponse = /** status 200  */ LogoutResultDto;
export type LogoutApiArg = void;
export type GetMeApiResponse = /** status 200  */ PublicUserDto;
export type GetMeApiArg = void;
export type UpdateMeApiResponse = /** status 200  */ AuthResultDto;
export type UpdateMeApiArg = {
  updateProfileDto: UpdateProfileDto;
};
export type RequestPasswordResetApiResponse = /** status 200  */ AccountMessageDto;
export type RequestPasswordResetApiArg = {
  requestPasswordResetDto: RequestPasswordResetDto;
};
export type ResetPasswordApiResponse = /** status 200  */ AccountMessageDto;
export type ResetPasswordApiArg = {
  resetPasswordDto: ResetPasswordDto;
};
export type GetAuthProvidersApiResponse = /** status 200  */ ProvidersDto;
export type GetAuthProvidersApiArg = void;
export type RefreshSessionApiResponse = /** status 200  */ AuthResultDto;
export type RefreshSessionApiArg = void;
export type VerifyEmailApiResponse = /** status 200  */ AccountMessageDto;
export type VerifyEmailApiArg = {
  verifyEmailDto: VerifyEmailDto;
};
export type ListBlogsApiResponse = /** status 200  */ BlogDto[];
export type ListBlogsApiArg = {
  limit?: number;
  offset?: number;
};
export type ListCategoriesApiResponse = /** status 200  */ CategoryDto[];
export type ListCategoriesApiArg = void;
export type SendContactMessageApiResponse = /** status 201  */ ContactSentDto;
export type SendContactMessageApiArg = {
  contactMessageDto: ContactMessageDto;
};
export type GetEditableReviewApiResponse = /** status 200  */ ReviewDto;
export type GetEditableReviewApiArg = {
  id: string;
};
export type ListMyReviewsApiResponse = /** status 200  */ ReviewDto[];
export type ListMyReviewsApiArg = {
  limit?: number;
  offset?: number;
  sort?: 'newest' | 'oldest' | 'rating_desc' | 'rating_asc';
  /** Case-insensitive text in the title or review text */
  q?: string;
  /** Only reviews with these stars */
  rating?: number;
  /** Only reviews of this service (_id) */
  service?: string;
  /** Admins only; others always see published reviews (and their own) */
  status?: 'published' | 'flagged' | 'rejected' | 'any';
  /** Whose reviews: your own e-mail (admins: anyone’s) */
  email?: string;
};
export type ListNotificationsApiResponse = /** status 200  */ NotificationDto[];
export type ListNotificationsApiArg = {
  limit?: number;
  offset?: number;
};
export type MarkAllNotificationsReadApiResponse = /** status 200  */ MarkedAllReadDto;
export type MarkAllNotificationsReadApiArg = void;
export type MarkNotificationReadApiResponse = /** status 200  */ MarkedReadDto;
export type MarkNotificationReadApiArg = {
  /** The notification id */
  id: string;
};
export type GetPhotoApiResponse = unknown;
export type GetPhotoApiArg = {
  id: string;
};
export type GetProfileApiResponse = /** status 200  */ ProfileDto;
export type GetProfileApiArg = {
  id: string;
};
export type ListProfileReviewsApiResponse = /** status 200  */ ReviewDto[];
export type ListProfileReviewsApiArg = {
  id: string;
  limit?: number;
  offset?: number;
};
export type RegisterApiResponse = /** status 201  */ RegisterResultDto;
export type RegisterApiArg = {
  registerDto: RegisterDto;
};
export type ListReviewsApiResponse = /** status 200  */ ReviewDto[];
export type ListReviewsApiArg = {
  limit?: number;
  offset?: number;
  sort?: 'newest' | 'oldest' | 'rating_desc' | 'rating_asc';
  /** Case-insensitive text in the title or review text */
  q?: string;
  /** Only reviews with these stars */
  rating?: number;
  /** Only reviews of this service (_id) */
  service?: string;
  /** Admins only; others always see published reviews (and their own) */
  status?: 'published' | 'flagged' | 'rejected' | 'any';
};
export type DeleteReviewApiResponse = /** status 200  */ DeleteResultDto;
export type DeleteReviewApiArg = {
  id: string;
};
export type GetHomeServicesApiResponse = /** status 200  */ ServiceDto[];
export type GetHomeServicesApiArg = void;
export type ListServicesApiResponse = /** status 200  */ ServiceDto[];
export type ListServicesApiArg = {
  limit?: number;
  offset?: number;
  sort?:
    'newest' | 'oldest' | 'rating_desc' | 'rating_asc' | 'price_asc' | 'price_desc' | 'top_rated';
  /** Case-insensitive text in the title or details */
  q?: string;
  category?: string;
  /** Average stars at least this */
  rating?: number;
};
export type GetServiceApiResponse = /** status 200  */ ServiceDto;
export type GetServiceApiArg = {
  id: string;
};
export type UpdateReviewApiResponse = /** status 200  */ UpdateResultDto;
export type UpdateReviewApiArg = {
  id: string;
  updateReviewDto: UpdateReviewDto;
};
export type GetAdminStatusApiResponse = /** status 200  */ AdminLookupDto;
export type GetAdminStatusApiArg = {
  email: string;
};
export type AccountMessageDto = {
  /** A sentence to show */
  message: string;
  success: boolean;
};
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UNPROCESSABLE'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL'
  | 'SERVICE_UNAVAILABLE'
  | 'VALIDATION_FAILED'
  | 'MALFORMED_JSON'
  | 'TOO_DEEP'
  | 'INVALID_ID'
  | 'CROSS_ORIGIN'
  | 'TOKEN_EXPIRED'
  | 'SESSION_ENDED'
  | 'INVALID_CREDENTIALS'
  | 'EMAIL_TAKEN'
  | 'EMAIL_NEEDS_PASSWORD'
  | 'GOOGLE_NOT_CONFIGURED'
  | 'WRONG_PASSWORD'
  | 'NO_PASSWORD'
  | 'ALREADY_VERIFIED'
  | 'VERIFICATION_LINK_INVALID'
  | 'RESET_LINK_INVALID'
  | 'PROFILE_NOT_FOUND'
  | 'NOT_AN_IMAGE'
  | 'PHOTO_TOO_LARGE'
  | 'BAD_IMAGE'
  | 'SERVICE_NOT_FOUND'
  | 'SERVICE_NEEDED'
  | 'DUPLICATE_SERVICE'
  | 'DUPLICATE_REVIEW'
  | 'ALREADY_DECIDED'
  | 'STORAGE_UNAVAILABLE'
  | 'REQUEST_TIMED_OUT'
  | 'OVERLOADED'
  | 'BUSY';
export type ApiErrorDto = {
  /** A stable machine word */
  code: ErrorCode;
  /** Per-field problems, when the request was invalid */
  details?: object;
  /** A sentence for people */
  error: string;
  statusCode: number;
};
export type DeleteAccountDto = {
  /** Your password, to confirm */
  password: string;
  /** delete: your reviews go with the account; keep: they stay under "Deleted user" */
  reviews: 'delete' | 'keep';
};
export type EndedSessionsDto = {
  /** How many logins were ended */
  ended: number;
  /** A sentence to show */
  message: string;
  success: boolean;
};
export type ChangePasswordDto = {
  currentPassword: string;
  newPassword: string;
};
export type PhotoUploadedDto = {
  /** The new photo, a path on this site */
  photoURL: string;
};
export type SessionDto = {
  /** Whether it is the login making this call */
  current: boolean;
  /** The browser's User-Agent when it signed in */
  device: string;
  /** The login */
  id: string;
  /** The address it signed in from */
  ip: string;
  /** When it signed in */
  signedInAt: string;
};
export type InsertResultDto = {
  acknowledged: boolean;
  insertedId: string;
};
export type CriteriaDto = {
  communication?: number;
  /** Parcel arrived intact */
  condition?: number;
  speed?: number;
  tracking?: number;
  value?: number;
};
export type CreateReviewDto = {
  criteria?: CriteriaDto;
  details: string;
  /** Ignored: taken from the login */
  email?: string;
  rating: number;
  /** Ignored: taken from the login */
  reviewUser?: string;
  /** Ignored: taken from the login */
  reviewerImage?: object;
  /** The reviewed service’s _id */
  service: string;
  /** The spec's free field */
  serviceID: number;
  title: string;
};
export type CreateServiceDto = {
  category_id?: string;
  details: string;
  image: string;
  /** Whole number; numeric text is accepted */
  price: number;
  title: string;
};
export type AuditActorDto = {
  email: string;
  id: string;
  role: 'user' | 'admin' | 'system';
};
export type EventType =
  | 'review.created'
  | 'review.updated'
  | 'review.deleted'
  | 'review.moderated'
  | 'service.created'
  | 'user.role_changed'
  | 'user.deleted';
export type AuditEntryDto = {
  /** The event id */
  _id: string;
  actor: AuditActorDto;
  /** The actor's id */
  actorId: string;
  /** The record after the change */
  after: object | null;
  at: string;
  /** The record before the change */
  before: object | null;
  /** The UTC day of `at`, YYYY-MM-DD */
  day: string;
  recordedAt: string;
  reviewId?: string;
  serviceId?: string;
  type: EventType;
};
export type CriteriaValuesDto = {
  communication?: number;
  condition?: number;
  speed?: number;
  tracking?: number;
  value?: number;
};
export type ReviewPermissionsDto = {
  /** Delete it (its author, admins) */
  delete: boolean;
  /** Change it (its author, admins) */
  edit: boolean;
  /** Answer it (the service's owner, admins) */
  reply: boolean;
  /** Report it (signed in, not its author) */
  report: boolean;
};
export type ReviewDto = {
  _id: string;
  /** The author's public profile: /users/{authorId} */
  authorId: string;
  /** Whether the author's e-mail was verified when writing */
  authorVerified?: boolean;
  createdAt: string;
  criteria: CriteriaValuesDto;
  details: string;
  /** Shown to the author and admins only */
  email?: string;
  moderationNote?: string;
  moderationReasons: string[];
  permissions: ReviewPermissionsDto;
  rating: number;
  reviewUser: string;
  reviewerImage: string;
  /** The reviewed service’s _id */
  service: string;
  serviceID: number;
  status: 'published' | 'flagged' | 'rejected';
  title: string;
  updatedAt: string;
};
export type QueuesSessionDto = {
  expiresInSeconds: number;
  url: string;
};
export type ModerationResultDto = {
  status: 'published' | 'rejected';
  success: boolean;
};
export type RejectReviewDto = {
  reason: string;
};
export type PublicUserDto = {
  displayName: string;
  email: string;
  emailVerified: boolean;
  isAdmin: boolean;
  photoURL: string;
  uid: string;
};
export type AuthResultDto = {
  /** Short-lived JWT for the Authorization: Bearer header */
  accessToken: string;
  user: PublicUserDto;
};
export type LoginDto = {
  email: string;
  password: string;
};
export type LogoutResultDto = {
  success: boolean;
};
export type UpdateProfileDto = {
  displayName?: string;
  /** An http(s) URL or a path on this site; empty to remove */
  photoURL?: string;
};
export type RequestPasswordResetDto = {
  email: string;
};
export type ResetPasswordDto = {
  password: string;
  /** The token from the e-mailed link */
  token: string;
};
export type ProvidersDto = {
  /** Whether Google sign-in is configured */
  google: boolean;
};
export type VerifyEmailDto = {
  /** The token from the e-mailed link */
  token: string;
};
export type BlogDto = {
  _id: string;
  createdAt: string;
  /** Plain text; paragraphs separated by a blank line */
  details: string;
  title: string;
};
export type CategoryDto = {
  category_id: string;
  /** How many services are in it */
  count: number;
};
export type ContactSentDto = {
  /** A sentence to show */
  message: string;
  success: boolean;
};
export type ContactMessageDto = {
  email: string;
  message: string;
  name: string;
};
export type NotificationDto = {
  _id: string;
  createdAt: string;
  kind: string;
  link: string;
  read: boolean;
  readAt: string | null;
  text: string;
};
export type MarkedAllReadDto = {
  /** How many were unread */
  marked: number;
};
export type MarkedReadDto = {
  success: boolean;
};
export type ProfileDto = {
  displayName: string;
  emailVerified: boolean;
  /** When the account was made */
  memberSince: string;
  photoURL: string;
  /** How many published reviews they wrote */
  reviewCount: number;
  uid: string;
};
export type RegisterResultDto = {
  /** Short-lived JWT for the Authorization: Bearer header */
  accessToken: string;
  acknowledged: boolean;
  insertedId: string;
  user: PublicUserDto;
};
export type RegisterDto = {
  email: string;
  name: string;
  password: string;
};
export type DeleteResultDto = {
  acknowledged: boolean;
  deletedCount: number;
};
export type CriterionSummaryDto = {
  average: number | null;
  count: number;
};
export type CriteriaSummaryDto = {
  communication: CriterionSummaryDto;
  /** Parcel arrived intact */
  condition: CriterionSummaryDto;
  speed: CriterionSummaryDto;
  tracking: CriterionSummaryDto;
  value: CriterionSummaryDto;
};
export type StarDistributionDto = {
  '1': number;
  '2': number;
  '3': number;
  '4': number;
  '5': number;
};
export type RatingSummaryDto = {
  average: number;
  count: number;
  criteria: CriteriaSummaryDto;
  distribution: StarDistributionDto;
};
export type ServiceDto = {
  _id: string;
  category_id: string;
  createdAt: string;
  details: string;
  image: string;
  /** The user who added it */
  ownerId?: string;
  price: number;
  rating: RatingSummaryDto;
  title: string;
};
export type UpdateResultDto = {
  message: string;
  success: boolean;
};
export type UpdateReviewDto = {
  /** Replaces the criteria given before */
  criteria?: CriteriaDto;
  details?: string;
  rating?: number;
  serviceID?: number;
  title?: string;
};
export type AdminLookupDto = {
  isAdmin: boolean;
};
export const {
  useDeleteMyAccountMutation,
  useExportMyDataQuery,
  useLazyExportMyDataQuery,
  useChangePasswordMutation,
  useUploadPhotoMutation,
  useListSessionsQuery,
  useLazyListSessionsQuery,
  useSignOutOtherSessionsMutation,
  useResendVerificationMutation,
  useAddReviewMutation,
  useAddServiceMutation,
  useListAuditEntriesQuery,
  useLazyListAuditEntriesQuery,
  useListModerationQueueQuery,
  useLazyListModerationQueueQuery,
  useOpenQueuesDashboardMutation,
  useApproveReviewMutation,
  useRejectReviewMutation,
  useLoginMutation,
  useLogoutMutation,
  useGetMeQuery,
  useLazyGetMeQuery,
  useUpdateMeMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useGetAuthProvidersQuery,
  useLazyGetAuthProvidersQuery,
  useRefreshSessionMutation,
  useVerifyEmailMutation,
  useListBlogsQuery,
  useLazyListBlogsQuery,
  useListCategoriesQuery,
  useLazyListCategoriesQuery,
  useSendContactMessageMutation,
  useGetEditableReviewQuery,
  useLazyGetEditableReviewQuery,
  useListMyReviewsQuery,
  useLazyListMyReviewsQuery,
  useListNotificationsQuery,
  useLazyListNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useGetPhotoQuery,
  useLazyGetPhotoQuery,
  useGetProfileQuery,
  useLazyGetProfileQuery,
  useListProfileReviewsQuery,
  useLazyListProfileReviewsQuery,
  useRegisterMutation,
  useListReviewsQuery,
  useLazyListReviewsQuery,
  useDeleteReviewMutation,
  useGetHomeServicesQuery,
  useLazyGetHomeServicesQuery,
  useListServicesQuery,
  useLazyListServicesQuery,
  useGetServiceQuery,
  useLazyGetServiceQuery,
  useUpdateReviewMutation,
  useGetAdminStatusQuery,
  useLazyGetAdminStatusQuery,
} = injectedRtkApi;
