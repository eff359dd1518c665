import {
  type CalendarSettings,
  type CalendarSettingsBody,
  calendarSettingsPatchOf,
  calendarSettingsSchema,
  DEFAULT_CALENDAR_SETTINGS,
} from '@tradedesk/contracts';
import type { Clock } from '../../platform/clock.js';
import { calendarError } from './calendar.errors.js';
import type { CalendarRepository } from './calendar.repository.js';

/** The saved settings over the defaults, section by section (a section saved by an older version keeps working). */
function withDefaults(saved: Record<string, unknown> | undefined): CalendarSettings {
  const d = DEFAULT_CALENDAR_SETTINGS;
  const s = (saved ?? {}) as Partial<Record<keyof CalendarSettings, Record<string, unknown>>>;
  const merged = {
    economic: { ...d.economic, ...s.economic },
    filters: { ...d.filters, ...s.filters },
    earnings: { ...d.earnings, ...s.earnings },
    ipos: { ...d.ipos, ...s.ipos },
  };
  const parsed = calendarSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : d;
}

/** Bounds checked together: section, then the settings' key and the body's (wire) key of the minimum and maximum. */
const pairs = [
  ['earnings', 'epsMin', 'epsMax', 'eps_min', 'eps_max'],
  ['earnings', 'revenueMin', 'revenueMax', 'revenue_min', 'revenue_max'],
  ['ipos', 'marketCapMin', 'marketCapMax', 'market_cap_min', 'market_cap_max'],
] as const;

/** Calendar settings (spec section 3), per user; the defaults until the user saves any. */
export function createCalendarSettingsService(deps: { repo: CalendarRepository; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    async get(userId: string): Promise<CalendarSettings> {
      return withDefaults(await repo.settings(userId));
    },

    /**
     * Merges the (snake_case) body field by field into the saved settings; a minimum above its maximum is refused
     * naming the body's field.
     */
    async save(userId: string, body: CalendarSettingsBody): Promise<CalendarSettings> {
      const current = withDefaults(await repo.settings(userId));
      const patch = calendarSettingsPatchOf(body);
      const next: CalendarSettings = {
        economic: { ...current.economic, ...patch.economic },
        filters: { ...current.filters, ...patch.filters },
        earnings: { ...current.earnings, ...patch.earnings },
        ipos: { ...current.ipos, ...patch.ipos },
      };
      for (const [section, min, max, wireMin, wireMax] of pairs) {
        const values = next[section] as Record<string, number | null | boolean>;
        const a = values[min];
        const b = values[max];
        if (typeof a === 'number' && typeof b === 'number' && b < a) {
          const sent = (patch[section] as Record<string, unknown> | undefined)?.[max] !== undefined;
          throw calendarError.onField(
            `${section}.${sent ? wireMax : wireMin}`,
            'CALENDAR_SETTINGS_INVALID',
            `${section}.${wireMax} must not be less than ${section}.${wireMin} (${b} is less than ${a}).`,
          );
        }
      }
      await repo.saveSettings(userId, next, clock.now());
      return next;
    },
  };
}
export type CalendarSettingsService = ReturnType<typeof createCalendarSettingsService>;
