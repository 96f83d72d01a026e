import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useLoginMutation } from '../../lib/api/client';
import { fieldErrorsOf, fieldFeedback } from '../../lib/api/fieldErrors';
import { useAppDispatch } from '../../lib/hooks';
import { loginReturnPath } from '../../auth/guards';
import { paths } from '../../config/paths';
import { toastShown } from '../../toasts/toastSlice';
import { AuthForm, AuthPage } from './AuthPage';
import { formText } from '../../components/formText';

/** /login: e-mail and password, or Google; back to where the user was sent from. */
export function LoginPage() {
  return (
    <AuthPage
      title="Login"
      googleLabel="Sign in with Google"
      otherPage={{
        prompt: 'New to Service Critic?',
        label: 'Register',
        to: paths.register.getHref(),
      }}
    >
      <LoginForm />
    </AuthPage>
  );
}

const FIELDS = ['email', 'password'];

function LoginForm() {
  const [login, { isLoading, error }] = useLoginMutation();
  const fieldErrors = fieldErrorsOf(error, FIELDS);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { state } = useLocation();

  const submit = async (form: HTMLFormElement) => {
    const fields = new FormData(form);
    const loginDto = { email: formText(fields, 'email'), password: formText(fields, 'password') };
    // A failure stays in the mutation's state, which the form shows; nothing else happens.
    const signedIn = await login({ loginDto })
      .unwrap()
      .catch(() => null);
    if (!signedIn) return;
    dispatch(toastShown('User Logged In'));
    form.reset();
    void navigate(loginReturnPath(state), { replace: true });
  };

  return (
    <AuthForm
      onSubmit={submit}
      submitLabel="Sign in"
      busy={isLoading}
      error={error}
      fields={FIELDS}
    >
      <TextField
        label="E-mail"
        type="email"
        {...fieldFeedback(fieldErrors, 'email')}
        autoComplete="username"
        fullWidth
      />
      <TextField
        label="Password"
        type="password"
        {...fieldFeedback(fieldErrors, 'password')}
        autoComplete="current-password"
        fullWidth
      />
      <Link component={RouterLink} to={paths.forgotPassword.getHref()} variant="body2">
        Forgot Password?
      </Link>
    </AuthForm>
  );
}
