import {
  type CalendarSettings,
  type CalendarSettingsBody,
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

const pairs = [
  ['earnings', 'epsMin', 'epsMax'],
  ['earnings', 'revenueMin', 'revenueMax'],
  ['ipos', 'marketCapMin', 'marketCapMax'],
] as const;

/** Calendar settings (spec section 3), per user; the defaults until the user saves any. */
export function createCalendarSettingsService(deps: { repo: CalendarRepository; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    async get(userId: string): Promise<CalendarSettings> {
      return withDefaults(await repo.settings(userId));
    },

    /** Merges the body field by field into the saved settings; a minimum above its maximum is refused. */
    async save(userId: string, body: CalendarSettingsBody): Promise<CalendarSettings> {
      const current = withDefaults(await repo.settings(userId));
      const next: CalendarSettings = {
        economic: { ...current.economic, ...body.economic },
        filters: { ...current.filters, ...body.filters },
        earnings: { ...current.earnings, ...body.earnings },
        ipos: { ...current.ipos, ...body.ipos },
      };
      for (const [section, min, max] of pairs) {
        const values = next[section] as Record<string, number | null | boolean>;
        const a = values[min];
        const b = values[max];
        if (typeof a === 'number' && typeof b === 'number' && b < a) {
          const field = `${section}.${(body[section] as Record<string, unknown> | undefined)?.[max] !== undefined ? max : min}`;
          throw calendarError.onField(
            field,
            'CALENDAR_SETTINGS_INVALID',
            `${section}.${max} must not be less than ${section}.${min} (${b} is less than ${a}).`,
          );
        }
      }
      await repo.saveSettings(userId, next, clock.now());
      return next;
    },
  };
}
export type CalendarSettingsService = ReturnType<typeof createCalendarSettingsService>;
