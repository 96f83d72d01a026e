import TextField from '@mui/material/TextField';
import { useNavigate } from 'react-router-dom';
import { useRegisterMutation } from '../../lib/api/client';
import { paths } from '../../config/paths';
import { AuthForm, AuthPage } from './AuthPage';
import { formText } from '../../components/formText';

/** /register: name, e-mail and password, or Google; then the homepage. */
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

function RegisterForm() {
  const [register, { isLoading, error }] = useRegisterMutation();
  const navigate = useNavigate();

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
    if (created?.acknowledged) void navigate(paths.home.getHref(), { replace: true });
  };

  return (
    <AuthForm onSubmit={submit} submitLabel="Sign Up" busy={isLoading} error={error}>
      <TextField label="Name" name="name" autoComplete="name" fullWidth />
      <TextField label="E-mail" name="email" type="email" autoComplete="email" fullWidth />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        fullWidth
      />
    </AuthForm>
  );
}
