import {
  accessFeatureMessage,
  ENTITLEMENTS,
  featureLimitMessage,
  featureLimitReadOnlyMessage,
  type LimitKey,
  type SwitchKey,
  UNLIMITED,
} from '@tradedesk/contracts';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../platform/clock.js';
import type { Db } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { DEFAULT_CATALOGUE, FREE_GRANTS } from '../plans/plans.defaults.js';
import { combineGrants, createEntitlements } from './entitlements.js';
import { fakeCatalogue, fakeLookup } from './entitlements.test-kit.js';

const clock = createManualClock('2026-11-24T23:59:59Z');
// the day counter (takeToday) is tested against a database in plans.routes.test.ts; nothing here reaches it
const db = {} as Db;
const plans = DEFAULT_CATALOGUE.plans.map((p) => ({ id: p.id, grants: p.entitlements }));
const addons = DEFAULT_CATALOGUE.addons.map((a) => ({ id: a.id, grants: a.entitlements }));
plans.push({ id: 'bare', grants: { watchlists: 1 } });
const lookup = fakeLookup();
const ent = createEntitlements({ clock, db }, { catalogue: fakeCatalogue(plans, addons) });
ent.setLookup(lookup);
lookup.hold('pro-user', { planId: 'pro', addons: {} });
lookup.hold('premium-user', { planId: 'premium', addons: {} });
lookup.hold('bare-user', { planId: 'bare', addons: {} });
lookup.hold('gone-user', { planId: 'retired', addons: { unknown_addon: 3 } });
lookup.hold('addon-user', { planId: 'free', addons: { extra_trading_accounts: 2, extra_ai_messages: 1 } });

async function refusal(run: () => Promise<void>): Promise<{ status: number; message: string } | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.category === 'locked' ? 423 : 0, message: error.message };
  }
}

const limitKeys = Object.keys(ENTITLEMENTS).filter((k) => ENTITLEMENTS[k as LimitKey].kind === 'limit') as LimitKey[];
const switchKeys = Object.keys(ENTITLEMENTS).filter(
  (k) => ENTITLEMENTS[k as SwitchKey].kind === 'switch',
) as SwitchKey[];

describe('the entitlement service', () => {
  it('at each limit of each plan answers 423 with the exact text; one below it allows one more', async () => {
    const cases = [
      ...limitKeys.map((key) => ({ user: 'free-user', key, limit: FREE_GRANTS[key] })),
      ...limitKeys.map((key) => ({
        user: 'pro-user',
        key,
        limit: DEFAULT_CATALOGUE.plans[1]!.entitlements[key] as number,
      })),
    ];
    expect(cases.every((c) => c.limit > 0)).toBe(true);
    for (const { user, key, limit } of cases) {
      expect(await refusal(() => ent.service.assertBelow(user, key, limit)), `${user} ${key} at ${limit}`).toEqual({
        status: 423,
        message: `Feature limit reached: your plan allows ${limit} (${ENTITLEMENTS[key].feature}). Upgrade your plan for more.`,
      });
      expect(await refusal(() => ent.service.assertBelow(user, key, limit + 5)), `${user} ${key} past`).not.toBeNull();
      expect(await refusal(() => ent.service.assertBelow(user, key, limit - 1)), `${user} ${key} below`).toBeNull();
    }
    expect(featureLimitMessage('watchlists', 5)).toBe(
      'Feature limit reached: your plan allows 5 (Watchlists). Upgrade your plan for more.',
    );
  });

  it('never refuses an unlimited entitlement; a key a plan leaves out grants nothing', async () => {
    for (const key of limitKeys.filter((k) => DEFAULT_CATALOGUE.plans[2]!.entitlements[k] === UNLIMITED))
      expect(await refusal(() => ent.service.assertBelow('premium-user', key, 1_000_000)), key).toBeNull();
    expect(await refusal(() => ent.service.assertBelow('bare-user', 'strategies', 0))).toEqual({
      status: 423,
      message: featureLimitMessage('strategies', 0),
    });
    expect(await refusal(() => ent.service.assertBelow('bare-user', 'watchlists', 0))).toBeNull();
  });

  it('answers 423 with the access text for a switch the plan does not include, nothing when it does', async () => {
    for (const key of switchKeys) {
      expect(await refusal(() => ent.service.assertIncluded('bare-user', key))).toEqual({
        status: 423,
        message: `Access to feature ${ENTITLEMENTS[key].feature} is not allowed for your subscription.`,
      });
      expect(accessFeatureMessage(key)).toBe(
        `Access to feature ${ENTITLEMENTS[key].feature} is not allowed for your subscription.`,
      );
      expect(await refusal(() => ent.service.assertIncluded('free-user', key))).toBeNull();
    }
  });

  it('adds add-ons times their quantity to the plan; an unknown plan falls back to free', async () => {
    const g = await ent.service.of('addon-user');
    expect(g.trading_accounts).toBe(FREE_GRANTS.trading_accounts + 2 * 5);
    expect(g.ai_messages_per_day).toBe(FREE_GRANTS.ai_messages_per_day + 200);
    expect(g.watchlists).toBe(FREE_GRANTS.watchlists);
    const gone = await ent.service.effective('gone-user');
    expect(gone).toMatchObject({ planId: 'free', addons: {}, grants: FREE_GRANTS });
    expect(
      combineGrants({ strategies: 3, ai_agents: false }, [
        { grants: { strategies: UNLIMITED, ai_agents: true }, quantity: 1 },
      ]),
    ).toMatchObject({ strategies: UNLIMITED, ai_agents: true, watchlists: 0 });
    expect(
      combineGrants({ strategies: 3 }, [{ grants: { strategies: 5, ai_agents: true }, quantity: 0 }]),
    ).toMatchObject({
      strategies: 3,
      ai_agents: false,
    });
  });

  it('holds every user on the free plan until a lookup is set, and counts days in UTC', async () => {
    const alone = createEntitlements({ clock, db }, { catalogue: fakeCatalogue(plans) });
    expect((await alone.service.effective('pro-user')).planId).toBe('free');
    expect(alone.service.today()).toEqual({
      day: '2026-11-24',
      start: new Date('2026-11-24T00:00:00Z'),
      end: new Date('2026-11-25T00:00:00Z'),
    });
  });

  it('keeps the oldest items by creation editable (ties by id) and refuses an edit of the newer ones', async () => {
    const at = (s: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, s));
    // bare-user may keep 1 watchlist; listed out of order on purpose
    const items = [
      { id: 'c', createdAt: at(2) },
      { id: 'b', createdAt: at(1) },
      { id: 'a', createdAt: at(1) },
    ];
    const edit = (user: string, id: string) =>
      refusal(() => ent.service.assertEditable(user, 'watchlists', id, async () => items));
    expect(await edit('bare-user', 'a')).toBeNull();
    for (const id of ['b', 'c'])
      expect(await edit('bare-user', id)).toEqual({
        status: 423,
        message: featureLimitReadOnlyMessage('watchlists', 1),
      });
    expect(featureLimitReadOnlyMessage('watchlists', 1)).toMatch(
      /^Feature limit reached: your plan allows 1 \(Watchlists\)/,
    );
    // an item the limit does not count, or a plan with room for all, edits freely
    expect(await edit('bare-user', 'not-counted')).toBeNull();
    expect(await edit('free-user', 'c')).toBeNull();
    let read = false;
    expect(
      await refusal(() =>
        ent.service.assertEditable('premium-user', 'watchlists', 'c', async () => {
          read = true;
          return items;
        }),
      ),
    ).toBeNull();
    expect(read, 'an unlimited plan does not read the items').toBe(false);
  });
});
