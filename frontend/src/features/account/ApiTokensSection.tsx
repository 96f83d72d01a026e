import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useListApiTokensQuery, type CreatedApiTokenDto } from '../../lib/api/client';
import { errorMessage } from '../../lib/api/errorMessage';
import { AccountSection } from './AccountSection';
import { ApiTokenRow } from './ApiTokenRow';
import { CreateApiTokenForm } from './CreateApiTokenForm';
import { NewApiTokenSecret } from './NewApiTokenSecret';

/**
 * Personal API tokens: make one (its secret shown once), and list, rename and revoke them. The
 * secret lives only in this component's state: a reload forgets it, and the list never has it.
 */
export function ApiTokensSection({ isAdmin }: { isAdmin: boolean }) {
  const { data, error, isLoading } = useListApiTokensQuery();
  const [created, setCreated] = useState<CreatedApiTokenDto | null>(null);
  return (
    <AccountSection title="Personal API tokens">
      <Typography variant="body2">
        A token lets your own scripts call the API as you, with only the scopes you give it: send it
        as <code>Authorization: Bearer &lt;token&gt;</code>. Treat it like a password.
      </Typography>
      {created && <NewApiTokenSecret created={created} onDone={() => setCreated(null)} />}
      <CreateApiTokenForm isAdmin={isAdmin} onCreated={setCreated} />
      {isLoading && <CircularProgress aria-label="Loading your tokens" />}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {data && data.length === 0 && <Typography>You have no API tokens.</Typography>}
      {data && data.length > 0 && (
        <List aria-label="Your API tokens">
          {data.map((token) => (
            <ApiTokenRow key={token.id} token={token} />
          ))}
        </List>
      )}
    </AccountSection>
  );
}
