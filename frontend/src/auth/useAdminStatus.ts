import { skipToken } from '@reduxjs/toolkit/query';
import { useGetAdminStatusQuery } from '../lib/api/client';
import { useAppSelector } from '../lib/hooks';
import { selectAuthLoading, selectCurrentUser } from './authSlice';

export interface AdminStatus {
  isAdmin: boolean;
  loading: boolean;
}

/** The server's admin lookup, made once a user e-mail is present. */
export function useAdminStatus(): AdminStatus {
  const user = useAppSelector(selectCurrentUser);
  const authLoading = useAppSelector(selectAuthLoading);
  const email = user?.email;
  const lookup = useGetAdminStatusQuery(email ? { email } : skipToken);
  return {
    isAdmin: email ? (lookup.data?.isAdmin ?? false) : false,
    loading: authLoading || (email !== undefined && lookup.isLoading),
  };
}
