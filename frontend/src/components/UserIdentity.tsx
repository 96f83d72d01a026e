import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Up to two initials of a name, for the avatar when there is no photo. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join('');
}

interface UserIdentityProps {
  name: string;
  photoURL: string | null;
}

/**
 * The signed-in user's photo (initials without one), named for screen readers, and their name
 * written out where the app bar has room for it whole (from 1536 px; at 1280 it was cut to "Um…").
 */
export function UserIdentity({ name, photoURL }: UserIdentityProps) {
  const photo = photoURL || undefined;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <Avatar
        alt={name}
        src={photo}
        // Without a photo the initials stand for the user, so they need the name as well.
        {...(photo ? {} : { role: 'img', 'aria-label': name })}
        sx={{
          width: 32,
          height: 32,
          fontSize: '0.875rem',
          bgcolor: 'secondary.main',
          color: 'secondary.contrastText',
        }}
      >
        {initialsOf(name)}
      </Avatar>
      <Typography
        component="span"
        variant="body2"
        noWrap
        sx={{ display: { xs: 'none', xl: 'block' }, maxWidth: 160, minWidth: 0, fontWeight: 500 }}
      >
        {name}
      </Typography>
    </Box>
  );
}
