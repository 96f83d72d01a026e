import { createSlice } from '@reduxjs/toolkit';

/** The signed-in user as the product reads it (spec §3). */
export interface SignedInUser {
  uid: string;
  email: string;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
}

export interface AuthState {
  user: SignedInUser | null;
  loading: boolean;
}

const initialState: AuthState = { user: null, loading: false };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {},
  selectors: {
    selectCurrentUser: (state) => state.user,
  },
});

export const { selectCurrentUser } = authSlice.selectors;
