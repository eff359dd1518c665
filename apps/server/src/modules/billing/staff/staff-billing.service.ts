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
import {
  type CouponInput,
  type CouponsService,
  couponProblem,
  couponView,
} from '../subscriptions/coupons.service.js';
import type { CouponRow } from '../subscriptions/subscriptions.table.js';
import { staffBillingError } from './staff-billing.errors.js';

type Kind = 'plan' | 'addon';
const listOf = { plan: 'plans', addon: 'addons' } as const;

/**
 * Checks one edited entry with the rules of `tradedesk plans import` (catalogueFileSchema); a problem is a 400
 * whose sentences name the entry's field ("trialDays must be at most 365.", "prices.0.monthly must be an amount
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
      const field = issue.path.slice(2).map(String).join('.') || 'body';
      let message = issue.message.startsWith(prefix) ? issue.message.slice(prefix.length) : issue.message;
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
  if (body.amountOff !== undefined) {
    try {
      amountOffMinor = decimalToMinor(body.amountOff, body.currency ?? 'USD');
    } catch {
      throw new RequestValidationError([
        { field: 'amountOff', message: 'amountOff must be an amount such as "5.00".' },
      ]);
    }
  }
  return {
    code: body.code,
    duration: body.duration,
    ...(body.percentOff !== undefined ? { percentOff: body.percentOff } : {}),
    ...(amountOffMinor !== undefined ? { amountOffMinor } : {}),
    ...(body.currency !== undefined ? { currency: body.currency } : {}),
    ...(body.durationMonths !== undefined ? { durationMonths: body.durationMonths } : {}),
    ...(body.planIds !== undefined ? { planIds: body.planIds } : {}),
    ...(body.maxRedemptions !== undefined ? { maxRedemptions: body.maxRedemptions } : {}),
    ...(body.expiresAt !== undefined ? { expiresAt: new Date(body.expiresAt) } : {}),
  };
}

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
    await plans.importFile(checkedEntry(kind, { ...body, id }));
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
        const field = wrong.field === 'amountOffMinor' ? 'amountOff' : wrong.field;
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
