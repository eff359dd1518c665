import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { CALENDAR_SIMULATED_SOURCE } from '@tradedesk/contracts';

export const isSimulated = (source: string) => source === CALENDAR_SIMULATED_SOURCE;

/** Where an event comes from: simulated events carry a "Simulated" label, feed events their feed's name. */
export function SourceLabel(props: { source: string }) {
  if (isSimulated(props.source))
    return (
      <Chip
        label="Simulated"
        size="small"
        variant="outlined"
        color="warning"
        title="From the built-in simulated calendar, not a real feed"
        sx={{ height: 20, fontSize: 11 }}
      />
    );
  return (
    <Typography component="span" variant="body2" color="text.secondary" noWrap>
      {props.source}
    </Typography>
  );
}
