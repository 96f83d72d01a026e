import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../lib/hooks';
import { paths } from '../config/paths';
import { toastShown } from '../toasts/toastSlice';
import { selectAuthLoading, selectCurrentUser } from './authSlice';
import {
  GOOGLE_ERROR_PARAM,
  GOOGLE_FAILED_MESSAGE,
  GOOGLE_SUCCESS_PARAM,
  googleFailureMessage,
  takeGoogleReturnPath,
} from './googleSignIn';

/**
 * Finishes a Google sign-in when the backend's redirect lands (the sign-in states): once the session check
 * answers, 'Google Log in Successful' and back to the page the user started from; on failure the
 * message as an error toast. The flag is then dropped from the URL so a reload shows nothing.
 */
export function useGoogleSignInOutcome() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const authLoading = useAppSelector(selectAuthLoading);
  const handledLocation = useRef<string | null>(null);

  const succeeded = params.get(GOOGLE_SUCCESS_PARAM.name) === GOOGLE_SUCCESS_PARAM.value;
  const onLoginPage = location.pathname === paths.login.path;
  const failure = onLoginPage ? params.get(GOOGLE_ERROR_PARAM) : null;

  useEffect(() => {
    if (handledLocation.current === location.key) return;
    if (failure !== null) {
      handledLocation.current = location.key;
      dispatch(toastShown(googleFailureMessage(failure), 'error'));
      void navigate(location.pathname, { replace: true, state: location.state as unknown });
      return;
    }
    if (!succeeded || authLoading) return;
    handledLocation.current = location.key;
    if (user) {
      dispatch(toastShown('Google Log in Successful'));
      void navigate(takeGoogleReturnPath(), { replace: true });
    } else {
      dispatch(toastShown(GOOGLE_FAILED_MESSAGE, 'error'));
      void navigate(paths.login.getHref(), { replace: true });
    }
  }, [authLoading, dispatch, failure, location, navigate, succeeded, user]);
}
