import type { ComponentType } from 'react';
import { InvoicesSection } from './invoices/invoices-section';

/**
 * Sections of the "Plan and billing" settings page's overview tab, each owned by its billing slice (payment
 * methods, invoices), in the order shown. The page renders them after the current subscription.
 */
export const overviewSections: Array<{ id: string; Component: ComponentType }> = [
  { id: 'invoices', Component: InvoicesSection },
];
