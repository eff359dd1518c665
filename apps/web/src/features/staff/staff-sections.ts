import type { ComponentType } from 'react';
import { StaffTicketsSection } from './tickets/staff-tickets-section';

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

// Tickets (slice D): the support inbox.
staffSections.push({ id: 'tickets', label: 'Tickets', Component: StaffTicketsSection });
