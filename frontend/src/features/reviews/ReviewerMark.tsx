import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import StorefrontIcon from '@mui/icons-material/Storefront';
import Chip from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * What a review's author proved: their e-mail address, or (through the business's invitation)
 * that they are its customer. Only the second is called "verified", as on Trustpilot.
 */
const MARKS = {
  email: {
    icon: <MarkEmailReadIcon />,
    label: 'Confirmed e-mail',
    title: 'The author confirmed their e-mail address',
    color: 'success',
  },
  customer: {
    icon: <StorefrontIcon />,
    label: 'Verified customer',
    title: "Written through the business's invitation to its customer",
    color: 'primary',
  },
} as const;

export function ReviewerMark({ kind, sx }: { kind: keyof typeof MARKS; sx?: SxProps<Theme> }) {
  const { icon, label, title, color } = MARKS[kind];
  return (
    <Chip
      icon={icon}
      label={label}
      title={title}
      size="small"
      color={color}
      variant="outlined"
      sx={sx}
    />
  );
}
