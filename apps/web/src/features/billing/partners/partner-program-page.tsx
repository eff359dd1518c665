import { SettingsSection } from '../../settings/components/settings-section';

/** The partner program panel (spec section 2, default tab overview). Built by the partners slice. */
export function PartnerProgramPage() {
  return (
    <SettingsSection title="Partner program" description="Refer traders and earn commission.">
      {null}
    </SettingsSection>
  );
}
