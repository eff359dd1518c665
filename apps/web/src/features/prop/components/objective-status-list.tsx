import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import type { AccountObjectiveStatus } from '@tradedesk/contracts';
import { useFormatters } from '../../../shared/format/format-preferences';
import { objectiveValueText } from '../objective-values';
import { PROGRESS_SX } from './prop-status-panel';

const STATE: Record<AccountObjectiveStatus['state'], { text: string; color: 'success' | 'primary' | 'error' }> = {
  met: { text: 'Met', color: 'success' },
  on_track: { text: 'On track', color: 'primary' },
  broken: { text: 'Broken', color: 'error' },
};

/** The account's own objectives, live: each one's value, today's figure, and met / on track / broken with its warning. */
export function ObjectiveStatusList(props: { objectives: AccountObjectiveStatus[]; currency: string }) {
  const f = useFormatters();
  return (
    <Box component="ul" aria-label="Your objectives" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
      {props.objectives.map((o) => {
        const state = STATE[o.state];
        return (
          <Box
            component="li"
            key={o.objectiveId}
            aria-label={o.name}
            sx={{
              display: 'grid',
              gridTemplateColumns: '1fr minmax(80px, 160px) auto',
              alignItems: 'center',
              columnGap: 2,
              rowGap: 0.5,
              px: 1.25,
              py: 0.75,
              border: 1,
              borderColor: o.state === 'broken' ? 'error.main' : 'divider',
              borderRadius: 1,
              fontSize: 13,
            }}
          >
            <Box>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {o.name}
              </Box>{' '}
              <Box component="span" sx={{ color: 'text.secondary' }}>
                · {objectiveValueText(o.value, o.unit, props.currency, f)} · today{' '}
                {objectiveValueText(o.current, o.unit, props.currency, f)}
              </Box>
            </Box>
            <LinearProgress
              variant="determinate"
              value={Math.round(Math.max(0, Math.min(100, o.progress * 100)))}
              color={state.color}
              aria-label={`${o.name} progress`}
              sx={PROGRESS_SX}
            />
            <Box sx={{ color: `${state.color}.main`, fontWeight: 600, textAlign: 'end' }}>{state.text}</Box>
            {o.warning && (
              <Box sx={{ color: o.state === 'broken' ? 'error.main' : 'warning.main', gridColumn: '1 / -1' }}>
                <strong>Warning: </strong>
                {o.warning}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
