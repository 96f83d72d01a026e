import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function SiteFooter() {
  return (
    <Box
      component="footer"
      sx={{
        py: 3,
        textAlign: 'center',
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        All Rights Rreserved
      </Typography>
    </Box>
  );
}
