import { api as generatedApi } from './generated';

// The hooks and types of the generated client; import them from here, never from './generated'.
export * from './generated';

/**
 * The generated client with tag wiring the OpenAPI tags cannot express: moderation decisions
 * change review lists, and signing in or out changes everything a user may see.
 */
export const api = generatedApi.enhanceEndpoints({
  endpoints: {
    approveReview: { invalidatesTags: ['admin', 'reviews'] },
    rejectReview: { invalidatesTags: ['admin', 'reviews'] },
    login: { invalidatesTags: ['auth', 'users', 'notifications', 'reviews'] },
    logout: { invalidatesTags: ['auth', 'users', 'notifications', 'reviews'] },
    register: { invalidatesTags: ['auth', 'users', 'notifications', 'reviews'] },
    addReview: { invalidatesTags: ['reviews', 'services'] },
    deleteReview: { invalidatesTags: ['reviews', 'services', 'admin'] },
  },
});
