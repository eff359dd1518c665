import { AccountObjectivesSettings } from '../../prop';
import { SettingsSection } from '../components/settings-section';

/** objectives, the rule tab (spec section 2): a trading account's firm rules and the user's objectives on it. */
export function ObjectivesPage() {
  return (
    <SettingsSection
      title="Rules and objectives"
      description="The prop firm's rules of an account, and your own limits and goals on it, checked live."
    >
      <AccountObjectivesSettings />
    </SettingsSection>
  );
}
