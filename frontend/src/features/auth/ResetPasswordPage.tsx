import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useResetPasswordMutation } from '../../lib/api/client';
import { useAppDispatch } from '../../lib/hooks';
import { paths } from '../../config/paths';
import { toastShown } from '../../toasts/toastSlice';
import { AccountCard } from './AccountCard';
import { AuthForm } from './AuthPage';
import { formText } from '../../components/formText';
import { NewPasswordField } from '../../components/NewPasswordField';
import { fieldErrorsOf } from '../../lib/api/fieldErrors';

const FIELDS = ['password'];

/** /reset-password?token=…: the e-mailed link's page, where the new password is chosen. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [resetPassword, { isLoading, error }] = useResetPasswordMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const submit = async (form: HTMLFormElement) => {
    const password = formText(new FormData(form), 'password');
    const done = await resetPassword({ resetPasswordDto: { token, password } })
      .unwrap()
      .catch(() => null);
    if (!done) return;
    dispatch(toastShown(done.message));
    void navigate(paths.login.getHref(), { replace: true });
  };

  return (
    <AccountCard title="Choose a new password">
      {token ? (
        <AuthForm
          onSubmit={submit}
          submitLabel="Set password"
          busy={isLoading}
          error={error}
          fields={FIELDS}
        >
          <NewPasswordField
            label="New password"
            name="password"
            serverError={fieldErrorsOf(error, FIELDS).password}
            note="You will be signed out everywhere."
            fullWidth
          />
        </AuthForm>
      ) : (
        <Alert severity="error">
          This link is incomplete; open the link from the e-mail again, or{' '}
          <Link component={RouterLink} to={paths.forgotPassword.getHref()}>
            ask for a new one
          </Link>
          .
        </Alert>
      )}
    </AccountCard>
  );
}
