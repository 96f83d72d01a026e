import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useCallback } from 'react';
import { useLogoutMutation } from '../lib/api/client';
import { errorMessage } from '../lib/api/errorMessage';
import { sessionEnded } from '../lib/sessionSlice';
import { useAppDispatch } from '../lib/hooks';
import { toastShown } from '../toasts/toastSlice';

/** Log Out from the app bar: ends the session, then 'User Logged Out', or the error message on failure. */
export function useLogOut(): () => Promise<void> {
  const [logout] = useLogoutMutation();
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    try {
      await logout().unwrap();
    } catch (error) {
      dispatch(toastShown(errorMessage(error as FetchBaseQueryError | SerializedError), 'error'));
      return;
    }
    // The access token would stay valid for minutes; drop it with the session.
    dispatch(sessionEnded());
    dispatch(toastShown('User Logged Out'));
  }, [dispatch, logout]);
}
