import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { NavLink } from 'react-router-dom';

export interface NavigationLink {
  label: string;
  to: string;
}

/** The app bar's links: a row of buttons, or a menu behind one button on narrow screens. */
export function SiteNavigation({ links }: { links: readonly NavigationLink[] }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return narrow ? <NavigationMenu links={links} /> : <NavigationButtons links={links} />;
}

function NavigationButtons({ links }: { links: readonly NavigationLink[] }) {
  return (
    <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 0.5 }}>
      {links.map(({ label, to }) => (
        <Button
          key={to}
          component={NavLink}
          to={to}
          color="inherit"
          sx={{ '&.active': { textDecoration: 'underline', textUnderlineOffset: '0.35em' } }}
        >
          {label}
        </Button>
      ))}
    </Box>
  );
}

function NavigationMenu({ links }: { links: readonly NavigationLink[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <Box component="nav" aria-label="Main">
      <IconButton
        id={buttonId}
        color="inherit"
        aria-label="Open navigation menu"
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MenuIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {links.map(({ label, to }) => (
          <MenuItem key={to} component={NavLink} to={to} onClick={close}>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
