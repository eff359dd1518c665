import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestDir } from '../../../../test/temp.js';
import { ConfigError, loadConfig } from '../../../config.js';
import { createManualClock } from '../../../platform/clock.js';
import type { AppContext } from '../../../platform/context.js';
import { createBillingStripe } from './stripe.plugin.js';
import { recordingPaymentEvents } from './stripe.test-kit.js';

const dataDir = makeTestDir('stripe-config');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }, []);

describe('Stripe settings (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL)', () => {
  it('reads them together, refuses half a setup, and builds the provider and webhook only when set', () => {
    expect(load({}).stripe).toBeUndefined();
    expect(load({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }).stripe).toBeUndefined();
    expect(load({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).stripe).toEqual({
      secretKey: 'sk_live_1',
      webhookSecret: 'whsec_1',
      apiUrl: undefined,
    });
    const full = load({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(full.stripe?.apiUrl).toBe('http://127.0.0.1:12111');

    expect(() => load({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(ConfigError);
    expect(() => load({ STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(/must be set together/);
    expect(() => load({ STRIPE_API_URL: 'http://127.0.0.1:12111' })).toThrow(/STRIPE_API_URL needs STRIPE_SECRET_KEY/);
    expect(() => load({ STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'w', STRIPE_API_URL: 'nope' })).toThrow(
      /STRIPE_API_URL/,
    );

    const ctx = (config: typeof full) => ({ config, db: {}, clock: createManualClock() }) as unknown as AppContext;
    const events = () => recordingPaymentEvents().events;
    expect(createBillingStripe(ctx(load({})), { events })).toBeUndefined();
    const built = createBillingStripe(ctx(full), { events });
    expect(built?.provider).toMatchObject({ kind: 'stripe', label: 'Stripe' });
    expect(typeof built?.routes).toBe('function');
  });
});
