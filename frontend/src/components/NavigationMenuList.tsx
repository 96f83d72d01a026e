import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { NavLink } from 'react-router-dom';
import type { NavigationItem } from './SiteNavigation';

interface NavigationMenuListProps {
  id: string;
  /** The id of the button that opens the menu, which names it. */
  buttonId: string;
  /** The open menu's anchor, or null when closed. */
  anchor: HTMLElement | null;
  items: readonly NavigationItem[];
  onClose: () => void;
}

/** The app bar's entries as a menu below the menu button, on narrow screens. */
export function NavigationMenuList({
  id,
  buttonId,
  anchor,
  items,
  onClose,
}: NavigationMenuListProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': buttonId } }}
    >
      {items.map((item) =>
        'to' in item ? (
          <MenuItem
            key={item.label}
            component={NavLink}
            to={item.to}
            state={item.state}
            onClick={onClose}
          >
            {item.label}
          </MenuItem>
        ) : (
          <MenuItem
            key={item.label}
            onClick={() => {
              onClose();
              item.onSelect();
            }}
          >
            {item.label}
          </MenuItem>
        ),
      )}
    </Menu>
  );
}
