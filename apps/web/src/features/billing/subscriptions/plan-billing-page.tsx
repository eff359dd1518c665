import { SettingsSection } from '../../settings/components/settings-section';

/** The plan and billing tabs (spec section 2): overview, monthly payment plan. Built by the subscriptions slice. */
export function PlanBillingPage() {
  return (
    <SettingsSection title="Plan and billing" description="Your plan, payments and invoices.">
      {null}
    </SettingsSection>
  );
}
