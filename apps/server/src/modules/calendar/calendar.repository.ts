import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { newId } from '../../platform/ids.js';
import { type CalendarEventKind, type CalendarEventRow, calendarEvents, calendarSettings } from './calendar.table.js';

/** One event of a feed or an import, ready to store. */
export type CalendarEventInput = {
  kind: CalendarEventKind;
  source: string;
  title: string;
  country: string;
  timeMs: number;
  data: Record<string, unknown>;
};

const UPSERT_BATCH = 500;

/** Feed and import events, and users' calendar settings. */
export function createCalendarRepository(db: Db) {
  return {
    /** Inserts new events and updates those already stored under the same (kind, source, title, country, time). */
    async upsertEvents(events: readonly CalendarEventInput[], now: Date): Promise<number> {
      // one row per key: a file listing the same event twice keeps its last line
      const unique = new Map<string, CalendarEventInput>();
      for (const e of events) unique.set(`${e.kind}\u0000${e.source}\u0000${e.title}\u0000${e.country}\u0000${e.timeMs}`, e);
      const rows = [...unique.values()];
      for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
        await db
          .insert(calendarEvents)
          .values(
            rows.slice(i, i + UPSERT_BATCH).map((e) => ({
              id: newId(),
              kind: e.kind,
              source: e.source,
              title: e.title,
              country: e.country,
              time: new Date(e.timeMs),
              data: e.data,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .onConflictDoUpdate({
            target: [calendarEvents.kind, calendarEvents.source, calendarEvents.title, calendarEvents.country, calendarEvents.time],
            set: { data: sql`excluded.data`, updatedAt: now },
          });
      }
      return rows.length;
    },

    /** Events of a kind in [fromMs, toMs), by time. */
    async inRange(kind: CalendarEventKind, fromMs: number, toMs: number): Promise<CalendarEventRow[]> {
      return db
        .select()
        .from(calendarEvents)
        .where(
          and(
            eq(calendarEvents.kind, kind),
            gte(calendarEvents.time, new Date(fromMs)),
            lt(calendarEvents.time, new Date(toMs)),
          ),
        )
        .orderBy(asc(calendarEvents.time), asc(calendarEvents.title));
    },

    async byId(kind: CalendarEventKind, id: string): Promise<CalendarEventRow | undefined> {
      const [row] = await db
        .select()
        .from(calendarEvents)
        .where(and(eq(calendarEvents.kind, kind), eq(calendarEvents.id, id)));
      return row;
    },

    /** The `count` earlier events of the same source, title and country, newest first. */
    async earlier(row: CalendarEventRow, count: number): Promise<CalendarEventRow[]> {
      return db
        .select()
        .from(calendarEvents)
        .where(
          and(
            eq(calendarEvents.kind, row.kind),
            eq(calendarEvents.source, row.source),
            eq(calendarEvents.title, row.title),
            eq(calendarEvents.country, row.country),
            lt(calendarEvents.time, row.time),
          ),
        )
        .orderBy(desc(calendarEvents.time))
        .limit(count);
    },

    async settings(userId: string): Promise<Record<string, unknown> | undefined> {
      const [row] = await db.select().from(calendarSettings).where(eq(calendarSettings.userId, userId));
      return row?.settings;
    },

    async saveSettings(userId: string, settings: Record<string, unknown>, now: Date): Promise<void> {
      await db
        .insert(calendarSettings)
        .values({ userId, settings, updatedAt: now })
        .onConflictDoUpdate({ target: calendarSettings.userId, set: { settings, updatedAt: now } });
    },
  };
}
export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
