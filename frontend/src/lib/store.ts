import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import type { StoreContext } from './api/authenticatedBaseQuery';
import { baseApi } from './api/baseApi';
import { api } from './api/client';
import { sessionSlice } from './sessionSlice';
import { authSlice } from '../auth/authSlice';
import { toastSlice } from '../toasts/toastSlice';
import { colorModeChosen, colorModeSlice, saveColorMode } from './theme/colorModeSlice';

/** How long a sign-out waits for its access token to be dropped before it reads anyway. */
const TOKEN_DROP_MS = 1000;

const rootReducer = combineSlices(baseApi, sessionSlice, authSlice, colorModeSlice, toastSlice);

export type RootState = ReturnType<typeof rootReducer>;

export function setupStore(preloadedState?: Partial<RootState>, context: StoreContext = {}) {
  const listeners = createListenerMiddleware();
  listeners.startListening({
    actionCreator: colorModeChosen,
    effect: ({ payload }) => saveColorMode(payload),
  });
  // Services answer what their reader may do with them (review, reply, invite): read again as
  // whoever signs in, out, or comes back with the session a visitor's page was rendered without.
  // Signed out, not before the access token is gone too (Log Out drops it just after).
  listeners.startListening.withTypes<RootState>()({
    predicate: (_action, current, previous) => current.auth.user?.uid !== previous.auth.user?.uid,
    effect: async (_action, { dispatch, getState, condition }) => {
      if (getState().auth.user === null) {
        await condition((_next, state) => state.session.accessToken === null, TOKEN_DROP_MS);
      }
      dispatch(api.util.invalidateTags(['services']));
    },
  });

  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: context } })
        .prepend(listeners.middleware)
        .concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
