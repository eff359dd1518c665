import Box from '@mui/material/Box';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

export type InlineAlertSeverity = 'error' | 'warning' | 'info' | 'success';

/** 24-unit icon paths (a circle with a mark), drawn here so the sign-in page does not load an icon set. */
const icons: Record<InlineAlertSeverity, string> = {
  error: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z',
  warning: 'M1 21h22L12 2 1 21Zm12-3h-2v-2h2v2Zm0-4h-2v-4h2v4Z',
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-6h2v6Zm0-8h-2V7h2v2Z',
  success: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-2 15-5-5 1.4-1.4 3.6 3.6 7.6-7.6L19 8l-9 9Z',
};

export type InlineAlertProps = {
  severity: InlineAlertSeverity;
  children: ReactNode;
  /** A title line above the message, in bold. */
  title?: string;
  /** Buttons or links at the end (Sign in, Try again). */
  action?: ReactNode;
  /** Extra styles, for its margins (default: 1.5 above and below). */
  sx?: SxProps<Theme>;
};

/**
 * The one message box of every page and form: a failure the form's fields do not own, a confirmation, a
 * warning. Same look everywhere: a tinted box in the severity's colour with its icon, text in the page's
 * own colour (readable in both themes). Errors are announced as alerts, the rest as status.
 */
export function InlineAlert(props: InlineAlertProps) {
  const { severity } = props;
  return (
    <Box
      role={severity === 'error' ? 'alert' : 'status'}
      sx={[
        {
          display: 'flex',
          gap: 1.25,
          alignItems: 'flex-start',
          border: 1,
          borderColor: `${severity}.main`,
          bgcolor: (theme) => alpha(theme.palette[severity].main, theme.palette.mode === 'dark' ? 0.12 : 0.08),
          color: 'text.primary',
          borderRadius: 1,
          px: 1.5,
          py: 1,
          my: 1.5,
          fontSize: 14,
          lineHeight: 1.5,
          overflowWrap: 'anywhere',
        },
        ...(Array.isArray(props.sx) ? props.sx : [props.sx]),
      ]}
    >
      <Box
        component="svg"
        viewBox="0 0 24 24"
        aria-hidden
        sx={{ width: 20, height: 20, flex: 'none', mt: '1px', fill: 'currentColor', color: `${severity}.main` }}
      >
        <path d={icons[severity]} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {props.title && <Box sx={{ fontWeight: 600, mb: 0.25 }}>{props.title}</Box>}
        {props.children}
      </Box>
      {props.action && <Box sx={{ flex: 'none', alignSelf: 'center' }}>{props.action}</Box>}
    </Box>
  );
}
