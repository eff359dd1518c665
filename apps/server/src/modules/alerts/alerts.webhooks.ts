import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import {
  ALERT_WEBHOOK_BACKOFF_MS,
  ALERT_WEBHOOK_SIGNATURE_HEADER,
  type AlertWebhookPayload,
} from '@tradedesk/contracts';
import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import type { JobDefinition } from '../../platform/jobs/job-runner.js';
import { isPrivateAddress, publicOnlyLookup } from '../../platform/private-address.js';
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

export { isPrivateAddress } from '../../platform/private-address.js';

/**
 * The webhook POST over node:http(s). Unless `allowPrivate`, the address the host name resolves to is checked at
 * connection time (so a name that resolves to an internal address, or is re-pointed to one, is refused); no
 * redirect is followed.
 */
export function httpWebhookPost(options: { allowPrivate: boolean }): WebhookPost {
  return (url, body, headers) =>
    new Promise<number>((resolve, reject) => {
      const target = new URL(url);
      if (!options.allowPrivate && isIP(target.hostname.replace(/^\[|\]$/g, '')) !== 0) {
        const literal = target.hostname.replace(/^\[|\]$/g, '');
        if (isPrivateAddress(literal)) return reject(new Error(`${literal} is a private address`));
      }
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          timeout: WEBHOOK_TIMEOUT_MS,
          ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
        },
        (res) => {
          // the receiver's body is not kept; drain it so the connection is released
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })));
      req.on('error', reject);
      req.end(body);
    });
}

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
  /** Webhooks may reach loopback and private addresses (ALERTS_WEBHOOK_PRIVATE; tests and local setups). */
  allowPrivate?: boolean;
  intervalMs: number;
}) {
  const { repo, clock } = deps;
  const post = deps.post ?? httpWebhookPost({ allowPrivate: deps.allowPrivate ?? false });

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
