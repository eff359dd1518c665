import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../platform/context.js';
import type { UsersService } from '../../users/users.service.js';
import type { PaymentEvents, PaymentProvider } from '../billing.types.js';
import { createPaymentsRepository } from './payments.repository.js';
import { paymentsRoutes } from './payments.routes.js';
import { createPaymentsService } from './payments.service.js';
import { createTestModeProvider } from './test-mode.provider.js';
import { testModeRoutes } from './test-mode.routes.js';

/**
 * Payments (issue 17): the caller's payment methods over `provider` (Stripe's when configured, else the built-in
 * "Test mode" provider, whose in-app pages get their routes here too). The `provider` answered is the one to hand
 * to the other slices: it keeps each user's provider customer in billing_customers, so `ensureCustomer` answers
 * the same customer every time. Mount `routes` under /api.
 */
export function createPayments(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  deps: { users: Pick<UsersService, 'getById'>; provider?: PaymentProvider; events: () => PaymentEvents },
): { provider: PaymentProvider; routes: FastifyPluginAsync } {
  const testMode = deps.provider ? undefined : createTestModeProvider(ctx, { events: deps.events });
  const inner: PaymentProvider = deps.provider ?? (testMode as PaymentProvider);
  const payments = createPaymentsService({
    repo: createPaymentsRepository(ctx.db),
    provider: inner,
    users: deps.users,
    clock: ctx.clock,
    publicUrl: ctx.config.publicUrl,
  });
  const provider: PaymentProvider = {
    kind: inner.kind,
    label: inner.label,
    ensureCustomer: (user) => payments.ensureCustomer(user),
    createSession: (input) => inner.createSession(input),
    listMethods: (customerRef) => inner.listMethods(customerRef),
    removeMethod: (customerRef, methodRef) => inner.removeMethod(customerRef, methodRef),
    setDefaultMethod: (customerRef, methodRef) => inner.setDefaultMethod(customerRef, methodRef),
    charge: (input) => inner.charge(input),
    refund: (input) => inner.refund(input),
  };
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(paymentsRoutes({ payments }));
    if (testMode) await app.register(testModeRoutes({ pages: testMode.pages }));
  };
  return { provider, routes };
}
export type PaymentsModule = ReturnType<typeof createPayments>;
