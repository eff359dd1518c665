import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { parseTypedTimeframe, TIMEFRAMES, type Timeframe } from '../model/timeframes';

/**
 * The box that opens when a trader types a timeframe on the chart ("1h", "4h", "d"): Enter applies it,
 * Escape or leaving closes it.
 */
export function TimeframeEntry(props: { initial: string; onApply(tf: Timeframe): void; onClose(): void }) {
  const [text, setText] = useState(props.initial);
  const parsed = parseTypedTimeframe(text);
  const label = parsed ? TIMEFRAMES.find((t) => t.id === parsed)!.label : text ? 'Not a chart timeframe' : '';
  return (
    <Paper
      elevation={8}
      sx={{
        position: 'absolute',
        left: '50%',
        top: '40%',
        transform: 'translate(-50%, -50%)',
        zIndex: 5,
        p: 2,
        width: 240,
      }}
    >
      <TextField
        autoFocus
        fullWidth
        size="small"
        label="Change timeframe"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={props.onClose}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Escape') props.onClose();
          if (e.key === 'Enter') {
            if (parsed) props.onApply(parsed);
            props.onClose();
          }
        }}
        slotProps={{ htmlInput: { maxLength: 6, 'aria-describedby': 'timeframe-entry-hint' } }}
      />
      <Typography id="timeframe-entry-hint" variant="caption" sx={{ color: parsed ? 'text.secondary' : 'error.main' }}>
        {label}
      </Typography>
    </Paper>
  );
}
