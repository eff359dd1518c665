import { usernameSchema } from '@tradedesk/contracts';
import { useEffect, useState } from 'react';
import { useLazyUsernameAvailabilityQuery } from '../auth-api';

export type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'error';

export const USERNAME_CHECK_DELAY_MS = 400;

/** Asks GET /profile/username/{username} once typing pauses, only for names the schema accepts. */
export function useUsernameAvailability(username: string, delayMs = USERNAME_CHECK_DELAY_MS): Availability {
  const [check] = useLazyUsernameAvailabilityQuery();
  const [state, setState] = useState<Availability>('idle');

  useEffect(() => {
    const parsed = usernameSchema.safeParse(username);
    if (!parsed.success) {
      setState('idle');
      return;
    }
    let cancelled = false;
    setState('checking');
    const timer = setTimeout(async () => {
      const result = await check(parsed.data, true);
      if (cancelled) return;
      if (result.data) setState(result.data.available ? 'available' : 'taken');
      else setState('error');
    }, delayMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [username, delayMs, check]);

  return state;
}

/** The helper text under a username field for each availability state (taken shows as an error). */
export const availabilityText: Record<Availability, string | undefined> = {
  idle: 'Letters, digits, underscores and dots; 3 to 30 characters.',
  checking: 'Checking availability…',
  available: 'This username is available.',
  taken: undefined,
  error: 'Availability could not be checked right now. You can still submit.',
};
