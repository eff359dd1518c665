import Box from '@mui/material/Box';
import type { PropRuleStatus } from '@tradedesk/contracts';
import { useEffect, useState } from 'react';
import { formatTime } from '../../../shared/format/dates';
import { useFormatters } from '../../../shared/format/format-preferences';
import { countdownText, zoneName } from '../countdown';

/** "CET, Europe/Prague"; just "UTC" where the short name is the zone. */
function zoneLabel(zone: string, atMs: number): string {
  const short = zoneName(zone, atMs);
  return short === zone ? zone : `${short}, ${zone}`;
}

/**
 * The countdown to the daily reset (the firm's daily snapshot), ticking each second, with the reset's time in the
 * user's time zone and in the firm's. `nowMs` is for tests; the clock is read each second otherwise.
 */
export function ResetCountdown(props: { nextReset: NonNullable<PropRuleStatus['nextReset']>; nowMs?: number }) {
  const f = useFormatters();
  const at = Date.parse(props.nextReset.at);
  const [now, setNow] = useState(() => props.nowMs ?? Date.now());
  useEffect(() => {
    if (props.nowMs !== undefined) {
      setNow(props.nowMs);
      return;
    }
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [props.nowMs]);
  const firmZone = props.nextReset.timeZone;
  const userZone = f.preferences.timeZone;
  const firmTime = formatTime(at, { timeZone: firmZone, timeFormat: f.preferences.timeFormat });
  const userTime = f.time(at);
  return (
    <Box
      role="timer"
      aria-label="Daily reset"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1.5, rowGap: 0.25, fontSize: 13 }}
    >
      <Box component="span" sx={{ fontWeight: 600 }}>
        Daily reset in{' '}
        <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {countdownText(at, now)}
        </Box>
      </Box>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {userTime} your time ({zoneLabel(userZone, at)}) · {firmTime} firm time ({zoneLabel(firmZone, at)})
      </Box>
    </Box>
  );
}
