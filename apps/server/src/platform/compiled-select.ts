import * as drizzle from 'drizzle-orm';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db.js';

/** What Drizzle's select builders carry and their `prepare` uses (not in its public types). */
type BuilderInternals = {
  dialect: { sqlToQuery(sql: unknown): { sql: string; params: unknown[] } };
  getSQL(): unknown;
  config: { fields: Record<string, unknown> };
  joinsNotNullableMap: Record<string, boolean>;
  usedTables: Set<string>;
};
type Session = {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    name: string | undefined,
    isResponseInArrayMode: boolean,
    customResultMapper: undefined,
    queryMetadata: { type: 'select'; tables: string[] },
    cacheConfig: undefined,
  ): { joinsNotNullableMap?: Record<string, boolean>; execute(values: Record<string, unknown>): Promise<unknown> };
};

/** Drizzle's own ordering of a select's fields, as its `prepare` uses it (exported, but not in its types). */
const { orderSelectedFields } = drizzle as unknown as { orderSelectedFields(fields: Record<string, unknown>): unknown };

type Compiled = {
  query: { sql: string; params: unknown[] };
  fields: unknown;
  joinsNotNullableMap: Record<string, boolean>;
  tables: string[];
};

/**
 * A select built once and run many times, on the database or inside any of its transactions. Drizzle builds a
 * query's SQL text from its builder on every run, walking every column of every table it names: for the few
 * statements of an order that was more than a millisecond of the request and half a megabyte of garbage. This keeps
 * what Drizzle's own `prepare` keeps (the SQL text with its parameters, the result's field map) for a builder whose
 * values are `sql.placeholder`s, and runs it with each call's values through the session of the `db` given, so
 * inside a transaction as well (a prepared query of Drizzle belongs to the session that made it). The rows come
 * back mapped exactly as the builder's own would.
 */
export function compiledSelect<B extends PromiseLike<unknown[]>>(build: (db: Db) => B) {
  let compiled: Compiled | undefined;
  return (db: Db, values: Record<string, unknown>): Promise<Awaited<B>> => {
    if (!compiled) {
      const b = build(db) as unknown as BuilderInternals;
      compiled = {
        query: b.dialect.sqlToQuery(b.getSQL()),
        fields: orderSelectedFields(b.config.fields),
        joinsNotNullableMap: b.joinsNotNullableMap,
        tables: [...b.usedTables],
      };
    }
    const session = (db as unknown as { session: Session }).session;
    const query = session.prepareQuery(
      compiled.query,
      compiled.fields,
      undefined,
      true,
      undefined,
      { type: 'select', tables: compiled.tables },
      undefined,
    );
    query.joinsNotNullableMap = compiled.joinsNotNullableMap;
    return query.execute(values) as Promise<Awaited<B>>;
  };
}

/**
 * Placeholders for every column of `table`, named `prefix` + the column's key: an insert's `values` in
 * `compiledSelect`. Each is given as SQL, so Drizzle sends the value `placeholderValues` made as it is (Drizzle's
 * own filling of a placeholder would hand a null to the column's encoder, which a timestamp's refuses).
 */
export function placeholderRow<T extends PgTable>(table: T, prefix: string): { [K in keyof T['$inferInsert']]-?: SQL } {
  return Object.fromEntries(
    Object.keys(getTableColumns(table)).map((key) => [key, sql`${sql.placeholder(`${prefix}${key}`)}`]),
  ) as { [K in keyof T['$inferInsert']]-?: SQL };
}

/**
 * The values of `placeholderRow(table, prefix)` for `row`, in the driver's form (as Drizzle's insert would send
 * them), or undefined when the row leaves a column out: Drizzle would have put the column's default in the text,
 * computed once, so such a row must be inserted the usual way.
 */
export function placeholderValues(
  table: PgTable,
  row: Record<string, unknown>,
  prefix: string,
): Record<string, unknown> | undefined {
  const values: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = row[key];
    if (value === undefined) return undefined;
    values[`${prefix}${key}`] = value === null ? null : column.mapToDriverValue(value);
  }
  return values;
}
