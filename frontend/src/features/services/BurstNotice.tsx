import Alert from '@mui/material/Alert';

/**
 * While an unusual burst of reviews of the service is being looked at (its burst alert is open):
 * why new reviews do not appear at once. A status, not an alarm: nothing is wrong with the page.
 */
export function BurstNotice() {
  return (
    <Alert severity="info" role="status" sx={{ mb: 3 }}>
      We&apos;ve seen an unusual number of reviews for this service recently. New reviews are being
      checked by our moderators before they appear.
    </Alert>
  );
}
