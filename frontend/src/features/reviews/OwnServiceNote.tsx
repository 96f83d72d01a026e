import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** What a service's owner sees instead of the review form: the API refuses their review (403). */
export function OwnServiceNote() {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography component="h2" variant="h6" gutterBottom>
        This is your service
      </Typography>
      <Typography>
        You cannot review a service you added: its reviews come from its customers. Invite them to
        write one.
      </Typography>
    </Paper>
  );
}
