import type { ComponentType } from 'react';
import { AuditSection } from './audit/audit-section';
import { PlansCouponsSection } from './billing/plans-coupons-section';
import { ModerationSection } from './moderation/moderation-section';
import { PartnersSection } from './partners/partners-section';
import { StaffTicketsSection } from './tickets/staff-tickets-section';
import { triageSections } from './triage/triage-sections';
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

/** The support inbox first (the default), then triage and publishing, then people, moderation and the business. */
export const staffSections: StaffSection[] = [
  { id: 'tickets', label: 'Tickets', Component: StaffTicketsSection },
  ...triageSections,
  { id: 'users', label: 'Users', Component: UsersSection },
  { id: 'moderation', label: 'Moderation', Component: ModerationSection },
  { id: 'partners', label: 'Partners', Component: PartnersSection },
  { id: 'billing', label: 'Plans and coupons', adminOnly: true, Component: PlansCouponsSection },
  { id: 'audit', label: 'Audit log', Component: AuditSection },
];
