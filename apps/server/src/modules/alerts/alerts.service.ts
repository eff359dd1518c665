import {
  ALERTS_MAX_PER_USER,
  type Alert,
  type AlertConditionByType,
  type AlertDelivery,
  type AlertDeliveryBody,
  type AlertListQuery,
  type AlertLog,
  type AlertLogEntry,
  type AlertType,
  alertConditionBodySchemas,
  type CreateAlertBody,
  fieldIssueMessage,
  fieldPath,
  type LimitKey,
  type UpdateAlertBody,
} from '@tradedesk/contracts';
import { findInstrument, validateIndicatorSettings } from '@tradedesk/core';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import { newId, newToken } from '../../platform/ids.js';
import type { PlanGate } from '../billing/entitlements/entitlements.js';
import { alertError, alertNotFound } from './alerts.errors.js';
import type { AlertsRepository } from './alerts.repository.js';
import type { AlertLogRow, AlertRow } from './alerts.table.js';

/** Drawing tools an alert can watch: a horizontal line's price, or a trend line extended through its points. */
export const ALERT_DRAWING_TOOLS = ['trend_line', 'ray', 'extended_line', 'horizontal_line', 'horizontal_ray'];

/** The other modules' services the alerts check ids against (each throws a 404 AppError for an id not the user's). */
export type AlertOwnershipDeps = {
  drawings: {
    get(
      userId: string,
      id: string,
    ): Promise<{ symbol: string; tool: string; points: { time: number; price: number }[] }>;
  };
  watchlists: { get(userId: string, id: string): Promise<{ id: string }> };
  accounts: { get(userId: string, id: string): Promise<{ id: string }> };
};

const isNotFound = (e: unknown) => e instanceof AppError && e.category === 'not_found';

function invalid(field: string, message: string, code: 'VALIDATION_FAILED' | string = 'VALIDATION_FAILED'): AppError {
  return new AppError(code, 'validation', message, { fields: [{ field, message }] });
}

export function toAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    symbol: row.symbol,
    interval: row.interval as Alert['interval'],
    condition: row.condition,
    trigger: row.trigger as Alert['trigger'],
    expiresAt: row.expiresAt?.toISOString() ?? null,
    message: row.message,
    delivery: row.delivery,
    status: row.status as Alert['status'],
    lastTriggeredAt: row.lastTriggeredAt?.toISOString() ?? null,
    triggerCount: row.triggerCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } as Alert;
}

export function toLogEntry(row: AlertLogRow): AlertLogEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind as AlertLogEntry['kind'],
    channel: row.channel as AlertLogEntry['channel'],
    symbol: row.symbol,
    price: row.price,
    message: row.message,
    attempt: row.attempt,
    statusCode: row.statusCode,
    error: row.error,
    ok: row.ok,
  };
}

/** The catalogue id of a symbol as sent (EURUSD, eurusd, FOREX:EURUSD); a 400 naming `symbol` otherwise. */
function instrumentId(symbol: string): string {
  const ticker = symbol.includes(':') ? symbol.slice(symbol.lastIndexOf(':') + 1) : symbol;
  const instrument = findInstrument(ticker);
  if (!instrument) {
    throw invalid(
      'symbol',
      `symbol "${symbol}" is not an instrument of the catalogue; search the symbols for one.`,
      'ALERT_INVALID_SYMBOL',
    );
  }
  return instrument.id;
}

type ConditionBody = CreateAlertBody['condition'];

/**
 * Alerts of a user: CRUD with ownership of every id they refer to (a drawing, watchlist or trading account that
 * is not the caller's is refused with 400 naming the field), and the log. `changed` tells the evaluator.
 */
/** The plan entitlement that counts each type of alert. */
const ALERT_PLAN_KEYS = {
  price: 'alerts_price',
  indicator: 'alerts_indicator',
  drawing: 'alerts_drawing',
  watchlist: 'alerts_watchlist',
  calendar: 'alerts_calendar',
  account: 'alerts_account',
} as const satisfies Record<AlertType, LimitKey>;

export function createAlertsService(
  deps: AlertOwnershipDeps & {
    repo: AlertsRepository;
    clock: Clock;
    /**
     * The current price of an instrument on the user's chart at the interval (for the price an alert is made at),
     * undefined when unknown.
     */
    price(userId: string, symbol: string, interval: string, ms: number): Promise<number | undefined>;
    /** Called after an alert is made, changed or deleted (the evaluator reloads it). */
    changed(alertId: string): Promise<void> | void;
    maxPerUser?: number;
    /** The plan's alerts of each type (billing); absent in tests of the rules alone. */
    entitlements?: PlanGate;
  },
) {
  const { repo, clock } = deps;
  const maxPerUser = deps.maxPerUser ?? ALERTS_MAX_PER_USER;

  async function owned(userId: string, id: string): Promise<AlertRow> {
    const row = await repo.get(userId, id);
    if (!row) throw alertNotFound();
    return row;
  }

  async function check<T>(field: string, message: string, load: () => Promise<T>): Promise<T> {
    try {
      return await load();
    } catch (e) {
      if (isNotFound(e)) throw invalid(field, message);
      throw e;
    }
  }

  /**
   * The condition in its answer shape, checked against the catalogue and the caller's own drawings, watchlists
   * and accounts; answers the symbol it watches where that follows from the condition (a drawing's).
   */
  async function resolveCondition(
    userId: string,
    type: AlertType,
    body: ConditionBody,
  ): Promise<{ condition: AlertConditionByType[AlertType]; symbol?: string }> {
    switch (type) {
      case 'price': {
        const c = body as Extract<CreateAlertBody, { type: 'price' }>['condition'];
        return { condition: { ...c } };
      }
      case 'indicator': {
        const c = body as Extract<CreateAlertBody, { type: 'indicator' }>['condition'];
        const checked = validateIndicatorSettings(c.indicator, c.inputs);
        if (!checked.ok) {
          const first = checked.errors[0]!;
          const field = first.field === 'indicator_name' ? 'condition.indicator' : `condition.inputs.${first.field}`;
          const message =
            first.field === 'indicator_name'
              ? `condition.indicator "${c.indicator}" is not an indicator of the catalogue.`
              : first.message;
          throw invalid(field, message, 'ALERT_INVALID_INDICATOR');
        }
        const definition = checked.entry.definition;
        const plots = definition.outputs.map((o) => o.id);
        if (definition.kind !== 'series') {
          throw invalid('condition.indicator', `condition.indicator "${c.indicator}" has no plot an alert can follow.`);
        }
        for (const key of ['plot', 'against'] as const) {
          const plot = c[key];
          if (plot !== undefined && plot !== null && !plots.includes(plot)) {
            throw invalid(
              `condition.${key}`,
              `condition.${key} must be a plot of ${definition.shortName}: ${plots.join(', ')}.`,
              'ALERT_INVALID_INDICATOR',
            );
          }
        }
        return {
          condition: {
            indicator: definition.id,
            inputs: checked.settings as Record<string, number | string | boolean>,
            plot: c.plot,
            operator: c.operator,
            value: c.value ?? null,
            against: c.against ?? null,
          },
        };
      }
      case 'drawing': {
        const c = body as Extract<CreateAlertBody, { type: 'drawing' }>['condition'];
        const drawing = await check(
          'condition.drawing_id',
          'condition.drawing_id must be the id of one of your drawings.',
          () => deps.drawings.get(userId, c.drawing_id),
        );
        if (!ALERT_DRAWING_TOOLS.includes(drawing.tool)) {
          throw invalid(
            'condition.drawing_id',
            'condition.drawing_id must be a trend line or a horizontal line (rays and extended lines too).',
            'ALERT_INVALID_DRAWING',
          );
        }
        return { condition: { drawingId: c.drawing_id, operator: c.operator }, symbol: instrumentId(drawing.symbol) };
      }
      case 'watchlist': {
        const c = body as Extract<CreateAlertBody, { type: 'watchlist' }>['condition'];
        await check('condition.watchlist_id', 'condition.watchlist_id must be the id of one of your watchlists.', () =>
          deps.watchlists.get(userId, c.watchlist_id),
        );
        return {
          condition: { watchlistId: c.watchlist_id, operator: c.operator, percent: c.percent, minutes: c.minutes },
        };
      }
      case 'calendar': {
        const c = body as Extract<CreateAlertBody, { type: 'calendar' }>['condition'];
        return {
          condition: { minutesBefore: c.minutes_before, impact: c.impact, currencies: [...new Set(c.currencies)] },
        };
      }
      case 'account': {
        const c = body as Extract<CreateAlertBody, { type: 'account' }>['condition'];
        await check(
          'condition.account_id',
          'condition.account_id must be the id of one of your trading accounts.',
          () => deps.accounts.get(userId, c.account_id),
        );
        return { condition: { accountId: c.account_id, metric: c.metric, value: c.value } };
      }
    }
  }

  function delivery(body: AlertDeliveryBody, previous?: AlertDelivery): AlertDelivery {
    const webhook = body.webhook
      ? {
          url: body.webhook.url,
          secret: body.webhook.secret ?? previous?.webhook?.secret ?? `whsec_${newToken(24)}`,
        }
      : null;
    return { app: body.app, toast: body.toast, sound: body.sound, email: body.email, webhook };
  }

  function expiry(value: string | null, now: Date): Date | null {
    if (value === null) return null;
    const at = new Date(value);
    if (at.getTime() <= now.getTime()) throw invalid('expires_at', 'expires_at must be in the future, or null.');
    return at;
  }

  const needsSymbol = (type: AlertType) => type === 'price' || type === 'indicator';

  return {
    async list(userId: string, query: AlertListQuery): Promise<Alert[]> {
      const symbol = query.symbol ? (findInstrument(query.symbol.split(':').pop()!)?.id ?? query.symbol) : undefined;
      const rows = await repo.list(userId, {
        ...(query.status ? { status: query.status } : {}),
        ...(query.type ? { type: query.type } : {}),
        ...(symbol ? { symbol } : {}),
      });
      return rows.map(toAlert);
    },

    async get(userId: string, id: string): Promise<Alert> {
      return toAlert(await owned(userId, id));
    },

    async create(userId: string, body: CreateAlertBody): Promise<Alert> {
      const now = clock.now();
      if ((await repo.count(userId)) >= maxPerUser) {
        throw alertError('ALERT_LIMIT_REACHED', `You can keep at most ${maxPerUser} alerts; delete one first.`);
      }
      // the plan counts active alerts of the type; checked again under the user's lock when inserting
      const gate = await deps.entitlements?.gate(userId, ALERT_PLAN_KEYS[body.type]);
      const symbolOfBody = 'symbol' in body ? instrumentId(body.symbol) : undefined;
      const resolved = await resolveCondition(userId, body.type, body.condition);
      const symbol = resolved.symbol ?? symbolOfBody ?? null;
      const row = await repo.insert(
        {
          id: newId(),
          userId,
          name: body.name,
          type: body.type,
          symbol,
          interval: body.interval,
          condition: resolved.condition,
          trigger: body.trigger,
          expiresAt: expiry(body.expires_at, now),
          message: body.message,
          delivery: delivery(body.delivery),
          status: 'active',
          lastTriggeredAt: null,
          triggerCount: 0,
          lastPrice: symbol ? ((await deps.price(userId, symbol, body.interval, now.getTime())) ?? null) : null,
          state: {},
          createdAt: now,
          updatedAt: now,
        },
        gate,
      );
      await deps.changed(row.id);
      return toAlert(row);
    },

    async update(userId: string, id: string, body: UpdateAlertBody): Promise<Alert> {
      const row = await owned(userId, id);
      const key = ALERT_PLAN_KEYS[row.type];
      // an active alert past its type's limit (after a downgrade) is read-only, except pausing it, which takes it
      // out of the count as deleting does
      const pausing = body.status === 'paused' && Object.keys(body).length === 1;
      if (row.status === 'active' && !pausing)
        await deps.entitlements?.assertEditable(userId, key, id, () => repo.counted(userId, row.type));
      const now = clock.now();
      const patch: Partial<AlertRow> = { updatedAt: now };
      if (body.name !== undefined) patch.name = body.name;
      if (body.interval !== undefined) patch.interval = body.interval;
      if (body.trigger !== undefined) patch.trigger = body.trigger;
      if (body.message !== undefined) patch.message = body.message;
      if (body.delivery !== undefined) patch.delivery = delivery(body.delivery, row.delivery);
      if (body.expires_at !== undefined) patch.expiresAt = expiry(body.expires_at, now);
      if (body.symbol !== undefined) {
        if (!needsSymbol(row.type)) {
          throw invalid('symbol', `symbol cannot be set on a ${row.type} alert.`);
        }
        patch.symbol = instrumentId(body.symbol);
      }
      if (body.condition !== undefined) {
        const parsed = alertConditionBodySchemas[row.type].safeParse(body.condition, {
          error: fieldIssueMessage('condition'),
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const path = fieldPath(issue.path);
          const field = path ? `condition.${path}` : 'condition';
          const message = issue.message.startsWith('condition') ? issue.message : `condition.${issue.message}`;
          throw invalid(field, message);
        }
        const resolved = await resolveCondition(userId, row.type, parsed.data as ConditionBody);
        patch.condition = resolved.condition;
        if (resolved.symbol) patch.symbol = resolved.symbol;
      }
      const conditionChanged = body.condition !== undefined || body.symbol !== undefined;
      if (conditionChanged) patch.state = {};
      if (body.status !== undefined) {
        const expiresAt = patch.expiresAt !== undefined ? patch.expiresAt : row.expiresAt;
        if (body.status === 'active' && expiresAt && expiresAt.getTime() <= now.getTime()) {
          throw invalid('expires_at', 'expires_at must be in the future, or null, to re-activate an expired alert.');
        }
        if (body.status === 'active' && row.status !== 'active') patch.state = {};
        patch.status = body.status;
      }
      const symbol = patch.symbol !== undefined ? patch.symbol : row.symbol;
      // a re-armed or changed alert starts from the price of now: a cross is measured from here on
      if (symbol && (conditionChanged || (patch.status === 'active' && row.status !== 'active'))) {
        const interval = patch.interval ?? row.interval;
        patch.lastPrice = (await deps.price(userId, symbol, interval, now.getTime())) ?? null;
      }
      // re-arming counts the alert again: the limit is checked as for a new one
      const gate =
        patch.status === 'active' && row.status !== 'active' ? await deps.entitlements?.gate(userId, key) : undefined;
      const saved = await repo.update(userId, id, patch, gate && { gate, type: row.type });
      if (!saved) throw alertNotFound();
      await deps.changed(id);
      return toAlert(saved);
    },

    async delete(userId: string, id: string): Promise<void> {
      if (!(await repo.delete(userId, id))) throw alertNotFound();
      await deps.changed(id);
    },

    async log(userId: string, id: string, limit: number): Promise<AlertLog> {
      await owned(userId, id);
      return { entries: (await repo.logOf(id, limit)).map(toLogEntry) };
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
