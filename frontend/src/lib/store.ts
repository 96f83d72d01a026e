import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import type { StoreContext } from './api/authenticatedBaseQuery';
import { baseApi } from './api/baseApi';
import { sessionSlice } from './sessionSlice';
import { authSlice } from '../auth/authSlice';
import { toastSlice } from '../toasts/toastSlice';
import { colorModeChosen, colorModeSlice, saveColorMode } from './theme/colorModeSlice';

const rootReducer = combineSlices(baseApi, sessionSlice, authSlice, colorModeSlice, toastSlice);

export type RootState = ReturnType<typeof rootReducer>;

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
