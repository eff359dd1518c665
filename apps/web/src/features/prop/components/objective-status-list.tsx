import Box from '@mui/material/Box';
import type { AccountObjectiveStatus } from '@tradedesk/contracts';
import { useFormatters } from '../../../shared/format/format-preferences';
import { objectiveValueText } from '../objective-values';

const STANDING: Record<AccountObjectiveStatus['standing'], { text: string; color: string }> = {
  ok: { text: 'On track', color: 'success.main' },
  reached: { text: 'Met', color: 'success.main' },
  broken: { text: 'Broken', color: 'error.main' },
};

/** The account's own objectives, live: each one's value, today's figure, and met / on track / broken with its warning. */
export function ObjectiveStatusList(props: { objectives: AccountObjectiveStatus[]; currency: string }) {
  const f = useFormatters();
  return (
    <Box component="ul" aria-label="Your objectives" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
      {props.objectives.map((o) => {
        const standing = STANDING[o.standing];
        return (
          <Box
            component="li"
            key={o.objectiveId}
            aria-label={o.name}
            sx={{
              display: 'grid',
              gridTemplateColumns: '1fr auto',
              columnGap: 2,
              px: 1.25,
              py: 0.75,
              border: 1,
              borderColor: o.standing === 'broken' ? 'error.main' : 'divider',
              borderRadius: 1,
              fontSize: 13,
            }}
          >
            <Box sx={{ fontWeight: 600 }}>
              {o.name}{' '}
              <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                · {objectiveValueText(o.value, o.unit, props.currency, f)}
              </Box>
            </Box>
            <Box sx={{ color: standing.color, fontWeight: 600, textAlign: 'end' }}>{standing.text}</Box>
            <Box sx={{ color: o.standing === 'broken' ? 'error.main' : 'text.secondary', gridColumn: '1 / -1' }}>
              {o.standing === 'broken' ? <strong>Warning: </strong> : null}
              {o.message}
              {o.current !== null ? ` Today: ${objectiveValueText(o.current, o.unit, props.currency, f)}.` : ''}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
