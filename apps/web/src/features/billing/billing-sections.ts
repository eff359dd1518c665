import type { ComponentType } from 'react';
import { InvoicesSection } from './invoices/invoices-section';
import { PaymentMethodsSection } from './payments/payment-methods-section';

/**
 * Sections of the "Plan and billing" settings page's overview tab, each owned by its billing slice (payment
 * methods, invoices), in the order shown. The page renders them after the current subscription.
 */
export const overviewSections: Array<{ id: string; Component: ComponentType }> = [
  { id: 'payment-methods', Component: PaymentMethodsSection },
  { id: 'invoices', Component: InvoicesSection },
];
