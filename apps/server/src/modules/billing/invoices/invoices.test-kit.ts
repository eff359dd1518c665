import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../../../test/helpers.js';
import type { ManualClock } from '../../../platform/clock.js';
import { createUsersRepository } from '../../users/users.repository.js';
import { createUsersService } from '../../users/users.service.js';
import {
  createBillingHooks,
  type InvoiceDraftInput,
  type InvoicePaidEvent,
  type InvoiceRefundedEvent,
} from '../billing.types.js';
import { createInvoices } from './invoices.plugin.js';

/**
 * A test app for the invoices slice: built without billing, with the slice's routes mounted under /api, real
 * in-process hooks whose announcements are recorded.
 */
export async function invoicesTestApp(clock: ManualClock, options: { testMode?: boolean } = {}) {
  const { app } = await createTestApp({ build: { clock, withoutBilling: true } });
  const hooks = createBillingHooks();
  const paid: InvoicePaidEvent[] = [];
  const refunded: InvoiceRefundedEvent[] = [];
  hooks.onInvoicePaid(async (e) => void paid.push(e));
  hooks.onInvoiceRefunded(async (e) => void refunded.push(e));
  const users = createUsersService({ repo: createUsersRepository(app.ctx.db), clock });
  const invoices = createInvoices(app.ctx, { users, hooks, ...options });
  await app.register(invoices.routes, { prefix: '/api' });
  return { app, invoices, issuer: invoices.issuer, paid, refunded };
}

/** A draft with one line (the plan) for `userId`, overridable. */
export function draft(userId: string, overrides: Partial<InvoiceDraftInput> = {}): InvoiceDraftInput {
  return {
    userId,
    subscriptionId: 'sub-1',
    currency: 'EUR',
    lines: [{ description: 'Pro plan, monthly', quantity: 1, unitAmountMinor: 1900 }],
    discountMinor: 0,
    couponCode: null,
    periodStart: new Date('2026-03-01T00:00:00Z'),
    periodEnd: new Date('2026-04-01T00:00:00Z'),
    ...overrides,
  };
}

export async function setBilling(app: FastifyInstance, auth: { authorization: string }, billing: object) {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/customer/settings/billing',
    headers: auth,
    payload: billing,
  });
  if (res.statusCode !== 200) throw new Error(`billing details not saved: ${res.body}`);
}
