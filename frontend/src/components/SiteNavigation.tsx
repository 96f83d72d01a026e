import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTheme, type Breakpoint } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useId, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { useIsHydrating } from './useIsHydrating';
import { useLatch } from './useLatch';

// The menu (a popover) is loaded when a visitor first opens it, not with every page.
const NavigationMenuList = lazy(async () => ({
  default: (await import('./NavigationMenuList')).NavigationMenuList,
}));

/** An app bar entry: a link to a route (with the history state it opens), or an action such as Log Out. */
export type NavigationItem =
  { label: string; to: string; state?: unknown } | { label: string; onSelect: () => void };

interface SiteNavigationProps {
  items: readonly NavigationItem[];
  /** Screens narrower than this get one menu button instead of a row of entries (all do, with 'always'). */
  menuBelow: Breakpoint | 'always';
}

/** The app bar's entries: a row of buttons, or a menu behind one button on narrow screens. */
export function SiteNavigation({ items, menuBelow }: SiteNavigationProps) {
  if (menuBelow === 'always') return <NavigationMenu items={items} />;
  return <ResponsiveNavigation items={items} menuBelow={menuBelow} />;
}

/** The row of buttons from `menuBelow` up, the menu below it. */
function ResponsiveNavigation({
  items,
  menuBelow,
}: {
  items: readonly NavigationItem[];
  menuBelow: Breakpoint;
}) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down(menuBelow), { noSsr: true });
  // The server cannot know the screen: its HTML holds both, and CSS shows the one that fits.
  if (useIsHydrating()) {
    return (
      <>
        <NavigationMenu items={items} display={{ xs: 'block', [menuBelow]: 'none' }} />
        <NavigationButtons items={items} display={{ xs: 'none', [menuBelow]: 'flex' }} />
      </>
    );
  }
  return narrow ? <NavigationMenu items={items} /> : <NavigationButtons items={items} />;
}

interface VariantProps {
  items: readonly NavigationItem[];
  /** CSS display per breakpoint, when the screen decides whether this variant shows. */
  display?: Partial<Record<Breakpoint, 'none' | 'block' | 'flex'>>;
}

const entryStyle = { whiteSpace: 'nowrap', flexShrink: 0 } as const;
const linkStyle = {
  ...entryStyle,
  '&.active': { textDecoration: 'underline', textUnderlineOffset: '0.35em' },
};

function NavigationButtons({ items, display = { xs: 'flex' } }: VariantProps) {
  return (
    <Box component="nav" aria-label="Main" sx={{ display, gap: 0.5 }}>
      {items.map((item) =>
        'to' in item ? (
          <Button
            key={item.label}
            component={NavLink}
            to={item.to}
            state={item.state}
            color="inherit"
            sx={linkStyle}
          >
            {item.label}
          </Button>
        ) : (
          <Button key={item.label} color="inherit" onClick={item.onSelect} sx={entryStyle}>
            {item.label}
          </Button>
        ),
      )}
    </Box>
  );
}

function NavigationMenu({ items, display }: VariantProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuWanted = useLatch(anchor !== null);
  const buttonId = useId();
  const menuId = useId();
  return (
    <Box component="nav" aria-label="Main" sx={{ display }}>
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
      {menuWanted && (
        <Suspense fallback={null}>
          <NavigationMenuList
            id={menuId}
            buttonId={buttonId}
            anchor={anchor}
            items={items}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </Box>
  );
}
