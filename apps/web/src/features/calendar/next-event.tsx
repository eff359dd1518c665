import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { EconomicEvent } from '@tradedesk/contracts';
import { useEffect, useRef } from 'react';
import { useFormatters } from '../../shared/format/format-preferences';
import { formatCountdown, nextOf } from './countdown';
import { useNow } from './use-now';

const timeOf = (e: EconomicEvent) => e.time;

/**
 * The live countdown to the next event of the list (spec section 2 "Calendar"), ticking each second. When an event's
 * time comes, `onDue` runs once (the list is read again, so its actual shows).
 */
export function NextEvent(props: {
  events: readonly EconomicEvent[];
  onDue?: () => void;
  onOpen?: (e: EconomicEvent) => void;
}) {
  const now = useNow(1000);
  const f = useFormatters();
  const next = nextOf(props.events, now, timeOf);
  const { onDue } = props;
  const waiting = useRef<string | null>(null);
  useEffect(() => {
    if (next) waiting.current = next.id;
  }, [next]);
  // The event waited for has come: read again (its actual is released at its time).
  useEffect(() => {
    if (waiting.current && next?.id !== waiting.current) {
      waiting.current = next?.id ?? null;
      onDue?.();
    }
  }, [next, onDue]);
  if (!next) return null;
  const left = Date.parse(next.time) - now;
  return (
    <Box
      role="timer"
      aria-label="Next event"
      sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap', color: 'text.secondary' }}
    >
      <Typography variant="body2" component="span">
        Next:
      </Typography>
      <Typography
        variant="body2"
        component={props.onOpen ? 'button' : 'span'}
        onClick={props.onOpen ? () => props.onOpen?.(next) : undefined}
        sx={{
          color: 'text.primary',
          fontWeight: 600,
          ...(props.onOpen
            ? { background: 'none', border: 0, p: 0, cursor: 'pointer', font: 'inherit', textDecoration: 'underline' }
            : {}),
        }}
      >
        {next.country} {next.title}
      </Typography>
      <Typography variant="body2" component="span">
        at {f.dateTime(next.time)}, in{' '}
        <Box
          component="span"
          data-testid="countdown"
          sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.primary' }}
        >
          {formatCountdown(left)}
        </Box>
      </Typography>
    </Box>
  );
}
