import Box from '@mui/material/Box';
import { type ReactNode, useMemo } from 'react';
import { DataTable, type DataTableColumn, type DataTableStatus } from '../../shared/data-table/data-table';
import { visuallyHidden } from '../../shared/states/visually-hidden';
import { groupByDay } from './week';

/** A row of the week: an event, or the one placeholder of a day without events. */
export type WeekRow<T> = { id: string; day: string; first: boolean; event: T | null };

/** The rows of a week, Monday to Friday: each day's events in time order, a placeholder for an empty day. */
export function weekRows<T>(
  events: readonly T[],
  monday: string,
  timeZone: string,
  timeOf: (e: T) => string,
  idOf: (e: T) => string,
): WeekRow<T>[] {
  return groupByDay(events, monday, timeZone, timeOf).flatMap((g): WeekRow<T>[] =>
    g.items.length === 0
      ? [{ id: `none:${g.day}`, day: g.day, first: true, event: null }]
      : g.items.map((e, i) => ({ id: idOf(e), day: g.day, first: i === 0, event: e })),
  );
}

/** "Wed 25" of a YYYY-MM-DD day, in the user's language: the Day column (the week's heading gives the month). */
export function shortDayLabel(day: string, locale: string | undefined): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(new Date(`${day}T00:00:00Z`));
}

/** "Mon 2 Mar" of a YYYY-MM-DD day, in the user's language. */
export function dayLabel(day: string, locale: string | undefined, long = false): string {
  const options: Intl.DateTimeFormatOptions = long
    ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }
    : { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(new Date(`${day}T00:00:00Z`));
}

export type EventColumn<T> = Omit<DataTableColumn<T>, 'sortable'>;

/**
 * A week of calendar events in the kit's data table, grouped by day: the Day column names each day on its first
 * row (every row carries it for screen readers), a day without events has a "No events" row (the text in the
 * column that cannot be hidden). The order is the
 * grouping, so the columns do not sort. Arrow keys move between rows, Enter (or a double click) opens one.
 */
export function WeekTable<T>(props: {
  label: string;
  monday: string;
  timeZone: string;
  locale: string | undefined;
  events: readonly T[];
  timeOf: (e: T) => string;
  idOf: (e: T) => string;
  columns: readonly EventColumn<T>[];
  onOpen: (e: T) => void;
  status: DataTableStatus;
  error?: { message?: string; onRetry?: () => void; retrying?: boolean };
  emptyText: string;
  persistKey: string;
  toolbar?: ReactNode;
}) {
  const { events, monday, timeZone, timeOf, idOf, locale, columns, emptyText } = props;
  const rows = useMemo(
    () => weekRows(events, monday, timeZone, timeOf, idOf),
    [events, monday, timeZone, timeOf, idOf],
  );
  const tableColumns = useMemo<DataTableColumn<WeekRow<T>>[]>(
    () => [
      {
        id: 'day',
        header: 'Day',
        width: 76,
        sortable: false,
        hideable: false,
        value: (r) => r.day,
        render: (r) =>
          r.first ? (
            <Box component="span" sx={{ fontWeight: 600 }} title={dayLabel(r.day, locale, true)}>
              {shortDayLabel(r.day, locale)}
            </Box>
          ) : (
            <Box component="span" sx={visuallyHidden}>
              {dayLabel(r.day, locale, true)}
            </Box>
          ),
        format: (r) => dayLabel(r.day, locale),
      },
      ...columns.map(
        (c): DataTableColumn<WeekRow<T>> => ({
          ...c,
          sortable: false,
          value: (r) => (r.event ? c.value(r.event) : null),
          format: (r) => (r.event ? (c.format?.(r.event) ?? String(c.value(r.event) ?? '')) : ''),
          render: (r) =>
            r.event ? (
              (c.render?.(r.event) ?? c.format?.(r.event) ?? String(c.value(r.event) ?? ''))
            ) : c.hideable === false ? (
              <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
                {emptyText}
              </Box>
            ) : null,
          csv: (r) => (r.event ? (c.csv?.(r.event) ?? (c.value(r.event) as string | number | null)) : null),
        }),
      ),
    ],
    [columns, locale, emptyText],
  );
  const { onOpen } = props;
  return (
    // A double click opens the row: it must not also select the row's text (a drag still selects).
    <Box sx={{ display: 'contents' }} onMouseDownCapture={(e) => e.detail > 1 && e.preventDefault()}>
      <DataTable
        label={props.label}
        columns={tableColumns}
        rows={rows}
        getRowId={(r) => r.id}
        status={props.status}
        error={props.error}
        empty={{ title: emptyText }}
        onRowActivate={(r) => r.event && onOpen(r.event)}
        persistKey={props.persistKey}
        rowTestId={(r) => (r.event ? `calendar-row-${r.id}` : `calendar-empty-${r.day}`)}
        toolbar={props.toolbar}
      />
    </Box>
  );
}
