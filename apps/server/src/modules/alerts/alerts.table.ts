import type { AlertConditionByType, AlertDelivery } from '@tradedesk/contracts';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/** What the evaluator keeps of an alert between runs (so a restart neither repeats nor loses a fire). */
export type AlertState = {
  /** Level conditions: whether the level held at the last evaluation. */
  held?: boolean;
  /** Calendar alerts: ids of the events already announced. */
  firedEvents?: string[];
  /** Bar-close and indicator alerts: the time (unix s) of the last closed bar evaluated. */
  lastBarTime?: number;
  /** Watchlist alerts: per symbol, when it last fired (unix ms) and whether its move held. */
  symbols?: Record<string, { lastFiredMs: number | null; held: boolean }>;
};

/**
 * A user's alert. `condition` is kept in its answer shape (camelCase, AlertConditionByType[type]); `delivery`
 * holds the webhook's HMAC secret. `last_price`: the price the alert was last seen at (made, fired), so a cross
 * that happens while no leader watches still fires on the next start.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<keyof AlertConditionByType>().notNull(),
    symbol: text('symbol'),
    interval: text('interval').notNull(),
    condition: jsonb('condition').$type<AlertConditionByType[keyof AlertConditionByType]>().notNull(),
    trigger: text('trigger').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    message: text('message').notNull(),
    delivery: jsonb('delivery').$type<AlertDelivery>().notNull(),
    status: text('status').notNull(),
    lastTriggeredAt: timestamp('last_triggered_at', { withTimezone: true }),
    triggerCount: integer('trigger_count').notNull().default(0),
    lastPrice: doublePrecision('last_price'),
    state: jsonb('state').$type<AlertState>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('alerts_user_idx').on(t.userId, t.createdAt), index('alerts_status_idx').on(t.status)],
);
export type AlertRow = typeof alerts.$inferSelect;

/** Every fire of an alert and every delivery attempt, newest read first (GET /alerts/{id}/log). */
export const alertLog = pgTable(
  'alert_log',
  {
    id: uuid('id').primaryKey(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Orders entries of the same instant in the order they were written. */
    seq: integer('seq').notNull().default(0),
    kind: text('kind').notNull(),
    channel: text('channel'),
    symbol: text('symbol'),
    price: doublePrecision('price'),
    message: text('message'),
    attempt: integer('attempt'),
    statusCode: integer('status_code'),
    error: text('error'),
    ok: boolean('ok').notNull(),
  },
  (t) => [index('alert_log_alert_idx').on(t.alertId, t.at)],
);
export type AlertLogRow = typeof alertLog.$inferSelect;

/**
 * A webhook delivery still to make (or given up): the raw JSON body as signed, the attempts made and when the
 * next is due. Kept in the database so a restart (or a new leader) resumes the retries.
 */
export const alertWebhookDeliveries = pgTable(
  'alert_webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** pending, delivered, failed. */
    status: text('status').notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('alert_webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt)],
);
export type AlertWebhookDeliveryRow = typeof alertWebhookDeliveries.$inferSelect;
