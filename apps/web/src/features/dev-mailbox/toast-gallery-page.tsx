import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { type ToastOptions, toast } from '../../shared/toast/toast';
import type { ToastVariant } from '../../shared/toast/toast-slice';
import { useMailboxQuery } from './dev-mailbox-api';

/** One sample of each variant, each using a different optional part of the toast (spec section 2). */
export const sampleToasts: Record<ToastVariant, ToastOptions> = {
  success: { title: 'Saved', message: 'Your account settings were saved.' },
  error: {
    title: 'Your changes were not saved',
    message: 'The connection was lost. Check it and save again.',
    action: { label: 'Retry' },
  },
  warning: {
    title: 'Margin level is low',
    message: 'Add funds or close positions to keep them open.',
    countdown: 'Positions close in 04:59',
  },
  info: {
    title: 'Simulated market',
    message: 'Prices on this screen come from the simulator, not a live feed.',
    learnMoreUrl: 'https://example.com/help/simulated-market',
  },
  infov2: {
    title: 'New: workspace layouts',
    message: 'Drag panels to arrange the trading screen; the layout is kept for you.',
    action: { label: 'Try it' },
    learnMoreUrl: 'https://example.com/help/workspaces',
  },
  successv2: {
    title: 'Drawing deleted',
    message: 'The trend line was removed from the chart.',
    action: { label: 'Undo' },
    countdown: 'Undo is possible for 10 s',
    undo: true,
  },
};

/**
 * Development only (works where the dev mailbox does): raises each toast variant with all
 * its parts, kept open until closed, for looking at them and for the e2e screenshots.
 */
export function ToastGalleryPage() {
  // Served with the dev mailbox: where its API answers, the dev tools are on.
  const { isSuccess, isLoading } = useMailboxQuery({});
  const available = import.meta.env.DEV || isSuccess;

  return (
    <Box component="main" sx={{ p: { xs: 2, sm: 3, lg: 4 }, maxWidth: 960, mx: 'auto' }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 1, fontSize: { xs: 26, sm: 32 } }}>
        Toast gallery
      </Typography>
      {isLoading ? null : available ? (
        <>
          <Typography sx={{ color: 'text.secondary', mb: 3 }}>
            Each button raises one variant of the app's toast with its optional parts; it stays until closed.
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {(Object.keys(sampleToasts) as ToastVariant[]).map((variant) => (
              <Button
                key={variant}
                variant="outlined"
                onClick={() => toast.show({ ...sampleToasts[variant], variant, durationMs: null })}
              >
                Show {variant}
              </Button>
            ))}
          </Box>
        </>
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>This page is only served in development.</Typography>
      )}
      <Link component={RouterLink} to="/" sx={{ display: 'inline-block', mt: 3 }}>
        Back to the app
      </Link>
    </Box>
  );
}

export { ToastGalleryPage as Component };
