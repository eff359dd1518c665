import { createHmac } from 'node:crypto';
import {
  ALERT_WEBHOOK_BACKOFF_MS,
  ALERT_WEBHOOK_SIGNATURE_HEADER,
  type AlertWebhookPayload,
} from '@tradedesk/contracts';
import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import type { JobDefinition } from '../../platform/jobs/job-runner.js';
import type { AlertsRepository } from './alerts.repository.js';
import type { AlertWebhookDeliveryRow } from './alerts.table.js';

/** Attempts in all: the first and one after each backoff delay. */
export const WEBHOOK_MAX_ATTEMPTS = ALERT_WEBHOOK_BACKOFF_MS.length + 1;
/** An attempt that gets no answer within this long fails (and is retried). */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** Deliveries one run sends at most (in parallel). */
const BATCH = 50;

/** `sha256=<hex>`: the HMAC-SHA256 of the raw body keyed by the alert's webhook secret. */
export function webhookSignature(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

type Logger = { error(obj: object, msg: string): void };

/** Sends one webhook POST; answers the HTTP status or throws (network error, timeout). */
export type WebhookPost = (url: string, body: string, headers: Record<string, string>) => Promise<number>;

export const fetchWebhookPost: WebhookPost = async (url, body, headers) => {
  const res = await fetch(url, {
    method: 'POST',
    body,
    headers,
    redirect: 'manual',
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  // the receiver's body is not kept; drain it so the connection is released
  await res.arrayBuffer().catch(() => undefined);
  return res.status;
};

/**
 * Webhook deliveries of fired alerts: queued in the database (so a restart or a new leader resumes them), sent
 * by a leader job, each attempt logged in the alert's log with the status answered or the error. A 2xx answer
 * delivers; anything else is retried after 1 s, 5 s and 25 s on the injected clock, then given up.
 */
export function createAlertWebhooks(deps: {
  repo: AlertsRepository;
  clock: Clock;
  log: Logger;
  post?: WebhookPost;
  intervalMs: number;
}) {
  const { repo, clock } = deps;
  const post = deps.post ?? fetchWebhookPost;

  async function attempt(row: AlertWebhookDeliveryRow): Promise<void> {
    const alert = await repo.byId(row.alertId);
    const secret = alert?.delivery.webhook?.secret;
    const number = row.attempts + 1;
    let statusCode: number | null = null;
    let error: string | null = null;
    if (!secret) {
      error = 'The alert no longer has a webhook.';
    } else {
      try {
        statusCode = await post(row.url, row.body, {
          'content-type': 'application/json',
          'user-agent': 'TradeDesk-Alerts/1',
          [ALERT_WEBHOOK_SIGNATURE_HEADER]: webhookSignature(secret, row.body),
          'X-TradeDesk-Delivery': row.id,
        });
        if (statusCode < 200 || statusCode > 299) error = `The receiver answered HTTP ${statusCode}.`;
      } catch (e) {
        const name = (e as Error)?.name;
        error =
          name === 'TimeoutError' || name === 'AbortError'
            ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s.`
            : `The request failed: ${(e as Error)?.message ?? String(e)}`.slice(0, 300);
      }
    }
    const now = clock.now();
    const ok = error === null;
    const giveUp = !ok && (number >= WEBHOOK_MAX_ATTEMPTS || !secret);
    await repo.updateDelivery(row.id, {
      attempts: number,
      status: ok ? 'delivered' : giveUp ? 'failed' : 'pending',
      nextAttemptAt: ok || giveUp ? now : new Date(now.getTime() + ALERT_WEBHOOK_BACKOFF_MS[number - 1]!),
    });
    if (alert) {
      await repo.log([
        {
          id: newId(),
          alertId: row.alertId,
          at: now,
          kind: 'delivery',
          channel: 'webhook',
          symbol: null,
          price: null,
          message: null,
          attempt: number,
          statusCode,
          error: giveUp && error ? `${error} Given up after ${number} attempts.` : error,
          ok,
        },
      ]);
    }
  }

  /** Sends every delivery due now (the first attempts and the retries whose delay has passed). */
  async function run(): Promise<number> {
    const due = await repo.dueDeliveries(clock.now(), BATCH);
    await Promise.all(
      due.map((row) =>
        attempt(row).catch((err) => deps.log.error({ err, deliveryId: row.id }, 'an alert webhook attempt failed')),
      ),
    );
    return due.length;
  }

  const job: JobDefinition = {
    name: 'alert-webhooks',
    intervalMs: deps.intervalMs,
    async run() {
      try {
        await run();
      } catch (err) {
        deps.log.error({ err }, 'the alert webhook run failed');
      }
    },
  };

  return {
    job,
    run,
    /** Queues the delivery of one fire; the next run sends it. */
    async enqueue(alertId: string, url: string, payload: AlertWebhookPayload): Promise<void> {
      const now = clock.now();
      await repo.insertDelivery({
        id: newId(),
        alertId,
        url,
        body: JSON.stringify(payload),
        attempts: 0,
        status: 'pending',
        nextAttemptAt: now,
        createdAt: now,
      });
    },
  };
}
export type AlertWebhooks = ReturnType<typeof createAlertWebhooks>;
