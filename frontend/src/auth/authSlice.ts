import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { api, type PublicUserDto } from '../lib/api/client';
import { sessionEnded } from '../lib/sessionSlice';

/** The signed-in user as the API answers it: the product's user fields and the admin flag. */
export type SignedInUser = PublicUserDto;

/** Starts with no user and loading, until the first session check answers. */
export interface AuthState {
  user: SignedInUser | null;
  loading: boolean;
}

const initialState: AuthState = { user: null, loading: true };

const { login, register, refreshSession, logout, updateMe } = api.endpoints;

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, (state) => {
        state.user = null;
        state.loading = false;
      })
      .addMatcher(
        isAnyOf(login.matchPending, register.matchPending, logout.matchPending),
        (state) => {
          state.loading = true;
        },
      )
      .addMatcher(
        isAnyOf(
          login.matchFulfilled,
          register.matchFulfilled,
          refreshSession.matchFulfilled,
          updateMe.matchFulfilled,
        ),
        (state, { payload }) => {
          state.user = payload.user;
          state.loading = false;
        },
      )
      .addMatcher(logout.matchFulfilled, (state) => {
        state.user = null;
        state.loading = false;
      })
      .addMatcher(
        isAnyOf(
          login.matchRejected,
          register.matchRejected,
          refreshSession.matchRejected,
          logout.matchRejected,
        ),
        (state) => {
          state.loading = false;
        },
      );
  },
  selectors: {
    selectCurrentUser: (state) => state.user,
    selectAuthLoading: (state) => state.loading,
  },
});

export const { selectCurrentUser, selectAuthLoading } = authSlice.selectors;
