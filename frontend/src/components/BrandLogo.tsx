import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import type { SxProps, Theme } from '@mui/material/styles';

/** The product's logo: a delivery truck. */
export function BrandLogo({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <LocalShippingIcon role="img" aria-label="Service Critic logo" aria-hidden={false} sx={sx} />
  );
}
