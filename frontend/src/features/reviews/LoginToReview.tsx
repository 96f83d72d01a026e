import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { invitationOf, type LoginRedirectState } from '../../auth/guards';
import { paths } from '../../config/paths';

/**
 * What a signed-out visitor sees instead of the review form; login (or registering from it)
 * comes back here, with the invitation the address carries.
 */
export function LoginToReview() {
  const location = useLocation();
  const state: LoginRedirectState = { from: location };
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
      <Typography component="h2" variant="h6" gutterBottom>
        Please log in to Add Your Review
      </Typography>
      {invitationOf(state) && (
        <Typography gutterBottom>
          The business invited you: your review will carry the Verified customer label.
        </Typography>
      )}
      <Button component={RouterLink} to={paths.login.getHref()} state={state} variant="contained">
        Log in
      </Button>
    </Paper>
  );
}
