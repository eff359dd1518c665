import type { ComponentType } from 'react';
import { AuditSection } from './audit/audit-section';
import { PlansCouponsSection } from './billing/plans-coupons-section';
import { ModerationSection } from './moderation/moderation-section';
import { PartnersSection } from './partners/partners-section';
import { UsersSection } from './users/users-section';

/**
 * The staff console's sections (route /staff/:section/:id?), each owned by the area it manages, in the order shown.
 * `adminOnly` sections are listed to admins only (the server refuses everyone else anyway).
 */
export type StaffSection = {
  id: string;
  label: string;
  adminOnly?: boolean;
  Component: ComponentType<{ itemId?: string }>;
};

export const staffSections: StaffSection[] = [];

// E. staff console: users, the audit log, community moderation and the partner program
staffSections.push(
  { id: 'users', label: 'Users', Component: UsersSection },
  { id: 'audit', label: 'Audit log', Component: AuditSection },
  { id: 'moderation', label: 'Moderation', Component: ModerationSection },
  { id: 'partners', label: 'Partners', Component: PartnersSection },
);

// F. plans and coupons (admins): the plan catalogue and the coupons
staffSections.push({ id: 'billing', label: 'Plans and coupons', adminOnly: true, Component: PlansCouponsSection });
