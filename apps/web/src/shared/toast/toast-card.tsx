import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { TOAST_WIDTH_PX } from './global-toast';
import { toast } from './toast';
import type { ToastPosition, ToastState, ToastVariant } from './toast-slice';

const accentByVariant: Record<ToastVariant, string> = {
  success: 'success.main',
  successv2: 'primary.main',
  error: 'error.main',
  warning: 'warning.main',
  info: 'info.main',
  infov2: 'text.secondary',
};

const placement: Record<ToastPosition, object> = {
  center: { left: '50%', transform: 'translateX(-50%)' },
  left: { left: 16 },
  right: { right: 16 },
};

/** What the global toast shows; its own chunk, fetched when the first toast is raised. */
export function ToastCard(props: { toast: ToastState }) {
  const current = props.toast;
  const v2 = current.variant === 'infov2' || current.variant === 'successv2';

  return (
    <Paper
      role={current.variant === 'error' ? 'alert' : 'status'}
      aria-label={current.title || 'Notification'}
      data-variant={current.variant}
      data-position={current.position}
      elevation={6}
      sx={{
        position: 'fixed',
        bottom: 24,
        zIndex: 'snackbar',
        width: TOAST_WIDTH_PX,
        maxWidth: 'calc(100vw - 32px)',
        ...placement[current.position],
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        px: 2,
        py: 1.5,
        borderLeft: 4,
        borderColor: accentByVariant[current.variant],
        bgcolor: v2 ? 'background.default' : 'background.paper',
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {current.title.trim() !== '' && (
          <Typography variant="subtitle2" component="p" sx={{ fontWeight: 600 }}>
            {current.title}
          </Typography>
        )}
        {current.message.trim() !== '' && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', color: 'text.secondary' }}>
            {current.message}
          </Typography>
        )}
        {current.countdown && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="toast-countdown">
            {current.countdown}
          </Typography>
        )}
        {current.learnMoreUrl && (
          <Link href={current.learnMoreUrl} target="_blank" rel="noopener" variant="body2" sx={{ display: 'block' }}>
            Learn more
          </Link>
        )}
      </Box>
      {current.actionLabel && (
        <Button size="small" onClick={() => toast.runAction(current)} sx={{ flexShrink: 0 }}>
          {current.actionLabel}
        </Button>
      )}
      {current.undo && (
        <IconButton size="small" aria-label="Close" onClick={() => toast.hide(current.id)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    </Paper>
  );
}
