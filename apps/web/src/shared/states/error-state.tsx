import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useDensity } from '../density/density';

export type ErrorStateProps = {
  /** What failed, as a sentence: "The positions could not be loaded." */
  title: string;
  /** Why, when known (the server's message). */
  message?: string;
  /** Offers "Try again" when given. */
  onRetry?: () => void;
  /** While a retry runs the button says so and waits. */
  retrying?: boolean;
};

/** Loading failed: what failed, why, and a way to try again. Announced as an alert. */
export function ErrorState(props: ErrorStateProps) {
  const compact = useDensity() === 'compact';
  return (
    <Box
      role="alert"
      sx={{
        display: 'grid',
        justifyItems: 'center',
        alignContent: 'center',
        textAlign: 'center',
        gap: compact ? 0.5 : 1,
        py: compact ? 2 : 4,
        px: 2,
      }}
    >
      <Typography component="p" sx={{ fontWeight: 600, fontSize: compact ? 14 : 16 }}>
        {props.title}
      </Typography>
      {props.message && (
        <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 420 }}>
          {props.message}
        </Typography>
      )}
      {props.onRetry && (
        <Button variant="outlined" onClick={props.onRetry} disabled={props.retrying} sx={{ mt: compact ? 0.5 : 1 }}>
          {props.retrying ? 'Trying again…' : 'Try again'}
        </Button>
      )}
    </Box>
  );
}
