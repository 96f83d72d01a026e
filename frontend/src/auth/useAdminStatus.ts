import { useAppSelector } from '../lib/hooks';
import { selectAuthLoading, selectCurrentUser } from './authSlice';

export interface AdminStatus {
  isAdmin: boolean;
  loading: boolean;
}

/** Whether the signed-in user is an admin, as the server said when they signed in. */
export function useAdminStatus(): AdminStatus {
  const user = useAppSelector(selectCurrentUser);
  const loading = useAppSelector(selectAuthLoading);
  return { isAdmin: user?.isAdmin ?? false, loading };
}
