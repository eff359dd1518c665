import { createTheme, type Theme } from '@mui/material/styles';
import type { ResolvedMode } from '../shared/theme/theme-slice';

/** Every design token of the app lives here (docs/architecture.md, section 6). */
export const tokens = {
  accent: '#00DF80',
  accentDark: '#00A862',
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
    },
    light: {
      background: '#F6F7F9',
      paper: '#FFFFFF',
      divider: 'rgba(0,0,0,0.10)',
      text: '#111827',
      textSecondary: '#4B5563',
      error: '#D92D20',
      warning: '#B54708',
      info: '#1570EF',
    },
  },
} as const;

export function createAppTheme(mode: ResolvedMode): Theme {
  const p = tokens.palette[mode];
  return createTheme({
    breakpoints: { values: tokens.breakpoints },
    shape: { borderRadius: tokens.radius },
    typography: { fontFamily: tokens.fontFamily, button: { textTransform: 'none', fontWeight: 600 } },
    palette: {
      mode,
      // On light backgrounds the bright accent fails contrast for text; the darker green is used for it.
      primary: { main: mode === 'dark' ? tokens.accent : tokens.accentDark, contrastText: '#04120B' },
      success: { main: tokens.accent },
      error: { main: p.error },
      warning: { main: p.warning },
      info: { main: p.info },
      background: { default: p.background, paper: p.paper },
      divider: p.divider,
      text: { primary: p.text, secondary: p.textSecondary },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    },
  });
}
