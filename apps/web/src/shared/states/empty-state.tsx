import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDensity } from '../density/density';

export type EmptyStateProps = {
  /** What is missing, as a sentence: "No open positions." */
  title: string;
  /** What the user can do about it. */
  description?: ReactNode;
  /** A button or link that starts the thing: "Place an order". */
  action?: ReactNode;
  icon?: ReactNode;
};

/** Nothing to show yet: a short title, what to do about it, and an action. */
export function EmptyState(props: EmptyStateProps) {
  const compact = useDensity() === 'compact';
  return (
    <Box
      sx={{
        display: 'grid',
        justifyItems: 'center',
        alignContent: 'center',
        textAlign: 'center',
        gap: compact ? 0.5 : 1,
        py: compact ? 2 : 4,
        px: 2,
        color: 'text.secondary',
      }}
    >
      {props.icon && (
        <Box aria-hidden sx={{ display: 'flex', fontSize: compact ? 28 : 40, color: 'text.disabled' }}>
          {props.icon}
        </Box>
      )}
      <Typography component="p" sx={{ fontWeight: 600, color: 'text.primary', fontSize: compact ? 14 : 16 }}>
        {props.title}
      </Typography>
      {props.description && (
        <Typography component="div" variant="body2" sx={{ maxWidth: 420 }}>
          {props.description}
        </Typography>
      )}
      {props.action && <Box sx={{ mt: compact ? 0.5 : 1 }}>{props.action}</Box>}
    </Box>
  );
}
