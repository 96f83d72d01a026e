import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { baseApi } from '../api/baseApi';
import { sessionSlice } from '../api/sessionSlice';
import { authSlice } from '../auth/authSlice';
import { toastSlice } from '../toasts/toastSlice';
import { colorModeChosen, colorModeSlice, saveColorMode } from './colorModeSlice';

const rootReducer = combineSlices(baseApi, sessionSlice, authSlice, colorModeSlice, toastSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** What the store's thunks and queries get as `extra`. */
export interface StoreContext {
  /** Where the API is, when not on this page's own origin (the server rendering a page). */
  apiOrigin?: string;
}

export function setupStore(preloadedState?: Partial<RootState>, context: StoreContext = {}) {
  const listeners = createListenerMiddleware();
  listeners.startListening({
    actionCreator: colorModeChosen,
    effect: ({ payload }) => saveColorMode(payload),
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
