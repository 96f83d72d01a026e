import StorefrontIcon from '@mui/icons-material/Storefront';
import Chip from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';

/** The mark of a review written through the business's own invitation. */
export function VerifiedCustomerMark({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <Chip
      icon={<StorefrontIcon />}
      label="Verified customer"
      size="small"
      color="primary"
      variant="outlined"
      sx={sx}
    />
  );
}
