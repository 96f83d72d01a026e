import { createSlice, isFulfilled, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';

/** Login, register and refresh all answer with an access token; any such answer starts a session. */
function carriesAccessToken(
  action: UnknownAction,
): action is PayloadAction<{ accessToken: string }> {
  const payload: unknown = isFulfilled(action) ? action.payload : undefined;
  return typeof (payload as { accessToken?: unknown } | undefined)?.accessToken === 'string';
}

/** The short-lived access token; kept only in memory, never in web storage. */
export interface SessionState {
  accessToken: string | null;
}

const initialState: SessionState = { accessToken: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    accessTokenReceived: (state, { payload }: PayloadAction<string>) => {
      state.accessToken = payload;
    },
    sessionEnded: (state) => {
      state.accessToken = null;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(carriesAccessToken, (state, { payload }) => {
      state.accessToken = payload.accessToken;
    });
  },
  selectors: {
    selectAccessToken: (state) => state.accessToken,
  },
});

export const { accessTokenReceived, sessionEnded } = sessionSlice.actions;
export const { selectAccessToken } = sessionSlice.selectors;
