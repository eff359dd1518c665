import {
  fieldIssueMessage,
  type StaffAddon,
  type StaffAddonBody,
  type StaffCatalogue,
  type StaffCoupon,
  type StaffCouponBody,
  type StaffPlan,
  type StaffPlanBody,
} from '@tradedesk/contracts';
import { decimalToMinor, minorToDecimal } from '@tradedesk/core';
import { RequestValidationError } from '../../../platform/validation.js';
import type { StaffAccess } from '../../staff/staff.access.js';
import type { StaffAudit } from '../../staff/staff.audit.js';
import { catalogueFileSchema, type PlanCatalogueService } from '../plans/plans.catalogue.js';
import type { CatalogueFile } from '../plans/plans.defaults.js';
import { type CouponInput, type CouponsService, couponProblem, couponView } from '../subscriptions/coupons.service.js';
import type { CouponRow } from '../subscriptions/subscriptions.table.js';
import { staffBillingError } from './staff-billing.errors.js';

type Kind = 'plan' | 'addon';
/** The catalogue's names of the two camelCase fields as the request body spells them. */
const wireName = (s: string) => s.replace(/^trialDays/, 'trial_days').replace(/^maxQuantity/, 'max_quantity');
const listOf = { plan: 'plans', addon: 'addons' } as const;

/**
 * Checks one edited entry with the rules of `tradedesk plans import` (catalogueFileSchema); a problem is a 400
 * whose sentences name the body's field ("trial_days must be at most 365.", "prices.0.monthly must be an amount
 * with two decimals, such as "19.00".").
 */
function checkedEntry(kind: Kind, entry: object): CatalogueFile {
  const list = listOf[kind];
  const file = { plans: [], addons: [], [list]: [entry] };
  const parsed = catalogueFileSchema.safeParse(file, { error: fieldIssueMessage('The entry') });
  if (parsed.success) return parsed.data;
  const prefix = `${list}.0.`;
  throw new RequestValidationError(
    parsed.error.issues.map((issue) => {
      const field = wireName(issue.path.slice(2).map(String).join('.')) || 'body';
      let message = issue.message.startsWith(prefix) ? wireName(issue.message.slice(prefix.length)) : issue.message;
      if (message.startsWith('must ')) message = `${field} ${message}`;
      message = message.replace(/^the /, 'The ');
      return { field, message: message.endsWith('.') ? message : `${message}.` };
    }),
  );
}

const staffCouponOf = (c: CouponRow & { uses: number }): StaffCoupon => {
  const view = couponView(c);
  return {
    id: c.id,
    code: c.code,
    description: view.description,
    percentOff: c.percentOffBp === null ? null : c.percentOffBp / 100,
    amountOff: c.amountOffMinor === null ? null : minorToDecimal(Number(c.amountOffMinor), c.currency ?? 'USD'),
    currency: c.currency,
    duration: view.duration,
    durationMonths: c.durationMonths,
    planIds: c.planIds,
    maxRedemptions: c.maxRedemptions,
    expiresAt: c.expiresAt?.toISOString() ?? null,
    active: c.active,
    uses: c.uses,
    createdAt: c.createdAt.toISOString(),
  };
};

/** The coupon input of the CLI's `coupons add` from the console's body; amountOff "5.00" becomes cents. */
function couponInputOf(body: StaffCouponBody): CouponInput {
  let amountOffMinor: number | undefined;
  if (body.amount_off !== undefined) {
    try {
      amountOffMinor = decimalToMinor(body.amount_off, body.currency ?? 'USD');
    } catch {
      throw new RequestValidationError([
        { field: 'amount_off', message: 'amount_off must be an amount such as "5.00".' },
      ]);
    }
  }
  return {
    code: body.code,
    duration: body.duration,
    ...(body.percent_off !== undefined ? { percentOff: body.percent_off } : {}),
    ...(amountOffMinor !== undefined ? { amountOffMinor } : {}),
    ...(body.currency !== undefined ? { currency: body.currency } : {}),
    ...(body.duration_months !== undefined ? { durationMonths: body.duration_months } : {}),
    ...(body.plan_ids !== undefined ? { planIds: body.plan_ids } : {}),
    ...(body.max_redemptions !== undefined ? { maxRedemptions: body.max_redemptions } : {}),
    ...(body.expires_at !== undefined ? { expiresAt: new Date(body.expires_at) } : {}),
  };
}

/** The coupon input fields as the request body names them. */
const couponBodyField: Partial<Record<keyof CouponInput, string>> = {
  percentOff: 'percent_off',
  amountOffMinor: 'amount_off',
  durationMonths: 'duration_months',
  planIds: 'plan_ids',
  maxRedemptions: 'max_redemptions',
  expiresAt: 'expires_at',
};

/**
 * The staff console's plans and coupons (issue 18, item 5; admins only): the plan catalogue through its own
 * export/import (the CLI's `tradedesk plans`), the coupons through the coupons service (the CLI's
 * `tradedesk coupons`). Every change is written to the staff audit log.
 */
export function createStaffBilling(deps: {
  plans: PlanCatalogueService;
  coupons: CouponsService;
  access: StaffAccess;
  audit: StaffAudit;
}) {
  const { plans, coupons, access, audit } = deps;

  async function update(actorId: string, kind: Kind, id: string, body: StaffPlanBody | StaffAddonBody) {
    await access.requireAdmin(actorId);
    const before = (await plans.exportFile())[listOf[kind]].find((e) => e.id === id);
    if (!before) {
      const what = kind === 'plan' ? 'plan' : 'add-on';
      throw staffBillingError('STAFF_BILLING_NOT_FOUND', `No ${what} has the id ${JSON.stringify(id)}.`);
    }
    const { trial_days, max_quantity, ...rest } = body as StaffPlanBody & StaffAddonBody;
    const entry = kind === 'plan' ? { ...rest, id, trialDays: trial_days } : { ...rest, id, maxQuantity: max_quantity };
    await plans.importFile(checkedEntry(kind, entry));
    const after = (await plans.exportFile())[listOf[kind]].find((e) => e.id === id)!;
    await audit.record({
      actorId,
      action: `${kind}.update`,
      targetKind: kind,
      targetId: id,
      summary: `Updated the ${kind === 'plan' ? 'plan' : 'add-on'} ${after.name} (${id})${after.active ? '' : ', not offered'}.`,
    });
    return after;
  }

  async function couponByCode(code: string): Promise<StaffCoupon | undefined> {
    const row = (await coupons.listWithUses()).find((c) => c.code === code.trim().toUpperCase());
    return row ? staffCouponOf(row) : undefined;
  }

  return {
    async catalogue(actorId: string): Promise<StaffCatalogue> {
      await access.requireAdmin(actorId);
      return (await plans.exportFile()) as StaffCatalogue;
    },
    updatePlan: (actorId: string, id: string, body: StaffPlanBody) =>
      update(actorId, 'plan', id, body) as Promise<StaffPlan>,
    updateAddon: (actorId: string, id: string, body: StaffAddonBody) =>
      update(actorId, 'addon', id, body) as Promise<StaffAddon>,

    async coupons(actorId: string): Promise<StaffCoupon[]> {
      await access.requireAdmin(actorId);
      return (await coupons.listWithUses()).map(staffCouponOf);
    },

    async addCoupon(actorId: string, body: StaffCouponBody): Promise<StaffCoupon> {
      await access.requireAdmin(actorId);
      const input = couponInputOf(body);
      const wrong = couponProblem(input);
      if (wrong) {
        const field = couponBodyField[wrong.field] ?? wrong.field;
        throw new RequestValidationError([{ field, message: wrong.message }]);
      }
      const exists = await coupons.add(input);
      if (exists) throw staffBillingError.onField('code', 'STAFF_COUPON_EXISTS', exists);
      const added = (await couponByCode(input.code))!;
      await audit.record({
        actorId,
        action: 'coupon.add',
        targetKind: 'coupon',
        targetId: added.id,
        summary: `Added coupon ${added.code}: ${added.description}.`,
      });
      return added;
    },

    async deactivateCoupon(actorId: string, code: string): Promise<StaffCoupon> {
      await access.requireAdmin(actorId);
      const row = await coupons.deactivate(code);
      if (!row) throw staffBillingError('STAFF_BILLING_NOT_FOUND', `No coupon has the code ${code.toUpperCase()}.`);
      await audit.record({
        actorId,
        action: 'coupon.deactivate',
        targetKind: 'coupon',
        targetId: row.id,
        summary: `Deactivated coupon ${row.code}.`,
      });
      return (await couponByCode(row.code))!;
    },
  };
}
export type StaffBilling = ReturnType<typeof createStaffBilling>;
