import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { baseApi } from '../api/baseApi';
import { sessionSlice } from '../api/sessionSlice';
import { authSlice } from '../auth/authSlice';
import { toastSlice } from '../toasts/toastSlice';
import { colorModeChosen, colorModeSlice, saveColorMode } from './colorModeSlice';

const rootReducer = combineSlices(baseApi, sessionSlice, authSlice, colorModeSlice, toastSlice);

export type RootState = ReturnType<typeof rootReducer>;

export function setupStore(preloadedState?: Partial<RootState>) {
  const listeners = createListenerMiddleware();
  listeners.startListening({
    actionCreator: colorModeChosen,
    effect: ({ payload }) => saveColorMode(payload),
  });

  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().prepend(listeners.middleware).concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
