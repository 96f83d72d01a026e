import Alert from '@mui/material/Alert';
import { formatDateTime } from '../../lib/dates';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useListSessionsQuery, useSignOutOtherSessionsMutation } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { useAppDispatch } from '../../lib/hooks';
import { toastShown } from '../../toasts/toastSlice';
import { AccountSection } from './AccountSection';
import { deviceName } from './deviceName';

/** Where the account is signed in, and "sign out everywhere else". */
export function SessionsSection() {
  const { data, error, isLoading } = useListSessionsQuery();
  const [signOutOthers, { isLoading: ending }] = useSignOutOtherSessionsMutation();
  const dispatch = useAppDispatch();

  const endOthers = async () => {
    try {
      dispatch(toastShown((await signOutOthers().unwrap()).message));
    } catch (failure) {
      dispatch(toastShown(errorMessage(failure as never), 'error'));
    }
  };

  return (
    <AccountSection title="Where you are signed in">
      {isLoading && <CircularProgress aria-label="Loading your sessions" />}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <List dense aria-label="Sessions">
        {data?.map((session) => (
          <ListItem
            key={session.id}
            secondaryAction={session.current && <Chip label="This device" size="small" />}
          >
            <ListItemText
              primary={deviceName(session.device)}
              secondary={`Signed in ${formatDateTime(session.signedInAt)} from ${session.ip || 'an unknown address'}`}
            />
          </ListItem>
        ))}
      </List>
      <Button
        variant="outlined"
        disabled={ending}
        onClick={() => void endOthers()}
        sx={{ alignSelf: 'start' }}
      >
        Sign out everywhere else
      </Button>
    </AccountSection>
  );
}
