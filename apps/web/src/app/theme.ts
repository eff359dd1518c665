import { createTheme, type Theme } from '@mui/material/styles';
import type { ResolvedMode } from '../shared/theme/theme-slice';

/** Every design token of the app lives here (docs/architecture.md, section 6). */
export const tokens = {
  /** The brand green, for fills (buttons, avatar, chips) in both themes, with `onAccent` text on it. */
  accent: '#00DF80',
  accentHover: '#00C774',
  onAccent: '#04120B',
  /** The green for text, links and focus rings on the light theme's white: 5.4:1 (the accent is 1.6:1). */
  accentText: '#007A47',
  fontFamily: '"Inter", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  breakpoints: { xs: 0, sm: 767, md: 900, lg: 1200, xl: 1536 },
  radius: 8,
  sidebarWidth: 232,
  topBarHeight: 56,
  palette: {
    dark: {
      background: '#0E1116',
      paper: '#161A21',
      divider: 'rgba(255,255,255,0.10)',
      text: '#E8EAED',
      textSecondary: '#9AA3AF',
      error: '#FF5C5C',
      warning: '#FFB547',
      info: '#4DA3FF',
      onStatus: '#0E1116',
    },
    light: {
      background: '#F6F7F9',
      paper: '#FFFFFF',
      divider: 'rgba(0,0,0,0.10)',
      text: '#111827',
      textSecondary: '#4B5563',
      // 6.6:1 on white, so error text stays readable on tinted backgrounds too (selected rows, alerts).
      error: '#B42318',
      warning: '#B54708',
      info: '#1570EF',
      onStatus: '#FFFFFF',
    },
  },
} as const;

export function createAppTheme(mode: ResolvedMode): Theme {
  const p = tokens.palette[mode];
  // primary is the colour of text and outlines (links, text buttons, focused fields, the focus ring); fills
  // keep the bright accent whatever the theme (the contained-button override below).
  const primaryText = mode === 'dark' ? tokens.accent : tokens.accentText;
  const focusRing = { outline: `2px solid ${primaryText}`, outlineOffset: 2 };
  return createTheme({
    breakpoints: { values: tokens.breakpoints },
    shape: { borderRadius: tokens.radius },
    typography: { fontFamily: tokens.fontFamily, button: { textTransform: 'none', fontWeight: 600 } },
    palette: {
      mode,
      primary:
        mode === 'dark'
          ? { main: tokens.accent, contrastText: tokens.onAccent }
          : { main: tokens.accentText, contrastText: '#FFFFFF' },
      // Text on each colour as a fill (contained buttons, filled toasts) reaches 4.5:1: dark text on the
      // bright dark-theme colours, white on the deeper light-theme ones.
      success: { main: tokens.accent, contrastText: tokens.onAccent },
      error: { main: p.error, contrastText: p.onStatus },
      warning: { main: p.warning, contrastText: p.onStatus },
      info: { main: p.info, contrastText: p.onStatus },
      background: { default: p.background, paper: p.paper },
      divider: p.divider,
      text: { primary: p.text, secondary: p.textSecondary },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // One branded focus ring for everything reached by keyboard: links, buttons, navigation items, tabs,
          // and the switches and boxes MUI marks with Mui-focusVisible. `body` outweighs the components' own
          // `outline: 0`. Text fields keep their own focused border.
          'body :is(a, button, summary, [role="button"], [role="tab"], [role="menuitem"], [tabindex]:not([tabindex="-1"])):focus-visible':
            focusRing,
          'body .Mui-focusVisible': focusRing,
          'body .MuiListItemButton-root.Mui-focusVisible, body .MuiMenuItem-root.Mui-focusVisible': {
            ...focusRing,
            outlineOffset: -2,
          },
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        variants: [
          {
            // Buttons filled with the brand colour keep the bright accent in both themes.
            props: { variant: 'contained', color: 'primary' },
            style: {
              backgroundColor: tokens.accent,
              color: tokens.onAccent,
              '&:hover': { backgroundColor: tokens.accentHover },
            },
          },
        ],
      },
      MuiDialog: {
        styleOverrides: {
          paper: ({ theme }) => ({
            // A dialog's form (fields and actions) is a column whose content scrolls between the title and
            // the buttons, so both stay on screen however tall the content (two-factor set-up on a phone).
            '& > form': { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 },
            [theme.breakpoints.down('sm')]: {
              margin: 16,
              width: 'calc(100% - 32px)',
              maxWidth: 'calc(100% - 32px)',
              maxHeight: 'calc(100% - 32px)',
            },
          }),
        },
      },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      // An unselected toggle's text is MUI's action.active (54% black): 4.49:1 on the light page background,
      // under the 4.5:1 of small text; the secondary text colour reaches it on both themes' backgrounds.
      MuiToggleButton: { styleOverrides: { root: ({ theme }) => ({ color: theme.palette.text.secondary }) } },
    },
  });
}
