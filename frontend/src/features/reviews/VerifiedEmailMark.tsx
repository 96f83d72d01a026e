import VerifiedIcon from '@mui/icons-material/Verified';
import Chip from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';

/** The mark of an author whose e-mail address is verified. */
export function VerifiedEmailMark({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <Chip
      icon={<VerifiedIcon />}
      label="Verified e-mail"
      size="small"
      color="success"
      variant="outlined"
      sx={sx}
    />
  );
}
