import type { FastifyInstance } from 'fastify';
import type { Holding } from '../src/modules/billing/billing.types.js';

type Held = { users: Map<string, Holding>; everyone: Holding };
const held = new WeakMap<FastifyInstance, Held>();

function heldOf(app: FastifyInstance): Held {
  let h = held.get(app);
  if (!h) {
    const state: Held = { users: new Map(), everyone: { planId: 'free', addons: {} } };
    h = state;
    held.set(app, state);
    app.entitlements.setLookup({ current: async (id) => state.users.get(id) ?? state.everyone });
  }
  return h;
}

/**
 * Gives a test's user another plan (and add-ons) in this app, for an existing test that makes more than the free
 * plan allows. Replaces the app's lookup (the free plan for everyone else).
 */
export function holdPlan(
  app: FastifyInstance,
  userId: string,
  planId = 'premium',
  addons: Record<string, number> = {},
) {
  heldOf(app).users.set(userId, { planId, addons });
}

/**
 * Gives every user of this app the plan: for the existing test files of a module whose users each make more than
 * the free plan allows (dozens of accounts in one file), where the plan's limits are not what they test.
 */
export function holdPlanForEveryone(app: FastifyInstance, planId = 'premium') {
  heldOf(app).everyone = { planId, addons: {} };
}
