import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastSeverity = 'success' | 'error' | 'info';

export interface Toast {
  id: string;
  message: string;
  severity: ToastSeverity;
}

/** Popups the spec asks for ('User Logged In', 'deleted successfully', server errors …), oldest first. */
export interface ToastState {
  queue: Toast[];
}

const initialState: ToastState = { queue: [] };

export const toastSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastShown: {
      reducer: (state, { payload }: PayloadAction<Toast>) => {
        state.queue.push(payload);
      },
      prepare: (message: string, severity: ToastSeverity = 'success') => ({
        payload: { id: nanoid(), message, severity },
      }),
    },
    toastDismissed: (state, { payload }: PayloadAction<string>) => {
      state.queue = state.queue.filter((toast) => toast.id !== payload);
    },
  },
  selectors: {
    selectCurrentToast: (state): Toast | undefined => state.queue[0],
  },
});

export const { toastShown, toastDismissed } = toastSlice.actions;
export const { selectCurrentToast } = toastSlice.selectors;
