import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import ErrorIcon from '@mui/icons-material/Error';
import InfoIcon from '@mui/icons-material/Info';
import WarningIcon from '@mui/icons-material/Warning';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { type Theme, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { TOAST_WIDTH_PX } from './global-toast';
import { toast } from './toast';
import type { ToastPosition, ToastState, ToastVariant } from './toast-slice';

type Palette = 'success' | 'error' | 'warning' | 'info';

/**
 * Each variant's colour and icon. The v2 variants are the same messages in a filled card (the colour as the
 * background, its contrast text on it), for news a person should notice; the others are a card in the page's
 * colours with a coloured edge and icon, so their text stays as readable as the page's own.
 */
const variants: Record<
  ToastVariant,
  { palette: Palette; Icon: ComponentType<{ fontSize: 'small' }>; filled: boolean }
> = {
  success: { palette: 'success', Icon: CheckCircleIcon, filled: false },
  error: { palette: 'error', Icon: ErrorIcon, filled: false },
  warning: { palette: 'warning', Icon: WarningIcon, filled: false },
  info: { palette: 'info', Icon: InfoIcon, filled: false },
  infov2: { palette: 'info', Icon: InfoIcon, filled: true },
  successv2: { palette: 'success', Icon: CheckCircleIcon, filled: true },
};

const placement: Record<ToastPosition, object> = {
  center: { left: '50%', transform: 'translateX(-50%)' },
  left: { left: 16 },
  right: { right: 16 },
};

/**
 * Below the sm breakpoint the toast sits at the top, under the 56 px top bar, across the width: at the bottom
 * it would cover the Save and Discard buttons of the form it reports on, which end phone-sized pages.
 */
function narrowPlacement(theme: Theme) {
  return {
    [theme.breakpoints.down('sm')]: {
      top: 64,
      bottom: 'auto',
      left: 16,
      right: 16,
      width: 'auto',
      maxWidth: 'none',
      transform: 'none',
    },
  };
}

/** What the global toast shows; its own chunk, fetched when the first toast is raised. */
export function ToastCard(props: { toast: ToastState }) {
  const current = props.toast;
  const theme = useTheme();
  const { palette, Icon, filled } = variants[current.variant];
  const colour = theme.palette[palette];
  // Text on a filled card takes the colour's contrast text; on the plain card the page's text colours.
  const text = filled ? colour.contrastText : theme.palette.text.primary;
  const quiet = filled ? colour.contrastText : theme.palette.text.secondary;
  const hasTitle = current.title.trim() !== '';
  const hasMessage = current.message.trim() !== '';

  return (
    <Paper
      role={current.variant === 'error' ? 'alert' : 'status'}
      aria-label={current.title || 'Notification'}
      data-variant={current.variant}
      data-position={current.position}
      elevation={8}
      sx={{
        position: 'fixed',
        bottom: 24,
        zIndex: 'snackbar',
        width: TOAST_WIDTH_PX,
        maxWidth: 'calc(100vw - 32px)',
        ...placement[current.position],
        ...narrowPlacement(theme),
        display: 'flex',
        gap: 1.25,
        alignItems: 'flex-start',
        pl: 1.5,
        pr: 1,
        py: 1.25,
        border: 1,
        borderLeft: 4,
        borderColor: filled ? colour.main : theme.palette.divider,
        borderLeftColor: colour.main,
        bgcolor: filled ? colour.main : 'background.paper',
        color: text,
      }}
    >
      <Box sx={{ color: filled ? text : colour.main, display: 'flex', pt: 0.25 }} aria-hidden>
        <Icon fontSize="small" />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, pt: 0.25 }}>
        {hasTitle && (
          <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700, lineHeight: 1.4 }}>
            {current.title}
          </Typography>
        )}
        {hasMessage && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', lineHeight: 1.45 }}>
            {current.message}
          </Typography>
        )}
        {current.countdown && (
          <Typography
            variant="caption"
            component="p"
            sx={{ color: quiet, fontVariantNumeric: 'tabular-nums', mt: 0.25 }}
            data-testid="toast-countdown"
          >
            {current.countdown}
          </Typography>
        )}
        {current.learnMoreUrl && (
          <Link
            href={current.learnMoreUrl}
            target="_blank"
            rel="noopener"
            variant="body2"
            sx={{ display: 'inline-block', mt: 0.5, fontWeight: 600, color: text, textDecorationColor: 'currentColor' }}
          >
            Learn more
          </Link>
        )}
      </Box>
      {current.actionLabel && (
        <Button
          size="small"
          variant={filled ? 'outlined' : 'text'}
          color="inherit"
          onClick={() => toast.runAction(current)}
          sx={{ flexShrink: 0, alignSelf: 'center', fontWeight: 700 }}
        >
          {current.actionLabel}
        </Button>
      )}
      {current.undo ? (
        // Undo mode: the close icon beside the action, for "keep the change, just hide this".
        <IconButton size="small" color="inherit" aria-label="Close" onClick={() => toast.hide(current.id)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      ) : (
        <IconButton
          size="small"
          aria-label="Dismiss notification"
          onClick={() => toast.hide(current.id)}
          sx={{ color: quiet, mt: -0.25 }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    </Paper>
  );
}
