import TextField from '@mui/material/TextField';
import { useLocation, useNavigate } from 'react-router-dom';
import { useRegisterMutation } from '../../lib/api/client';
import { fieldErrorsOf, fieldFeedback } from '../../lib/api/fieldErrors';
import { loginReturnPath } from '../../auth/guards';
import { paths } from '../../config/paths';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';
import { AuthForm, AuthPage } from './AuthPage';
import { formText } from '../../components/formText';
import { NewPasswordField } from '../../components/NewPasswordField';

/** /register: name, e-mail and password, or Google; then back where the visitor came from. */
export function RegisterPage() {
  return (
    <AuthPage
      title="Register"
      googleLabel="Sign up with Google"
      otherPage={{ prompt: 'Already have an account?', label: 'Login', to: paths.login.getHref() }}
    >
      <RegisterForm />
    </AuthPage>
  );
}

const FIELDS = ['name', 'email', 'password'];

export const REGISTERED =
  'Welcome to Service Critic! We sent you an e-mail: its link confirms your address.';

function RegisterForm() {
  const [register, { isLoading, error }] = useRegisterMutation();
  const fieldErrors = fieldErrorsOf(error, FIELDS);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { state } = useLocation();

  const submit = async (form: HTMLFormElement) => {
    const fields = new FormData(form);
    const registerDto = {
      name: formText(fields, 'name'),
      email: formText(fields, 'email'),
      password: formText(fields, 'password'),
    };
    // Only an acknowledged answer goes on; the form shows a failure.
    const created = await register({ registerDto })
      .unwrap()
      .catch(() => null);
    if (!created?.acknowledged) return;
    dispatch(toastShown(REGISTERED));
    void navigate(loginReturnPath(state), { replace: true });
  };

  return (
    <AuthForm
      onSubmit={submit}
      submitLabel="Sign Up"
      busy={isLoading}
      error={error}
      fields={FIELDS}
    >
      <TextField
        label="Name"
        {...fieldFeedback(fieldErrors, 'name')}
        autoComplete="name"
        fullWidth
      />
      <TextField
        label="E-mail"
        type="email"
        {...fieldFeedback(fieldErrors, 'email')}
        autoComplete="email"
        fullWidth
      />
      <NewPasswordField
        label="Password"
        name="password"
        serverError={fieldErrors.password}
        fullWidth
      />
    </AuthForm>
  );
}
