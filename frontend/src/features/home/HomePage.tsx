import Typography from '@mui/material/Typography';

export function HomePage() {
  return (
    <Typography variant="h3" component="h1">
      Service Critic
    </Typography>
  );
}
