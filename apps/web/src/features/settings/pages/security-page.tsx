import type { Configuration } from '@tradedesk/contracts';
import { PasswordChangeForm } from '../components/password-change-form';
import { SessionsList } from '../components/sessions-list';
import { SettingsSection } from '../components/settings-section';
import { TwoFactorSection } from '../components/two-factor-section';

/** security: password, two-factor authentication and the signed-in sessions. */
export function SecurityPage(props: { config: Configuration }) {
  const prefs = { timeZone: props.config.general.timeZone, timeFormat: props.config.general.timeFormat };
  return (
    <>
      <SettingsSection title="Password" description="Changing it signs out every other session of your account.">
        <PasswordChangeForm />
      </SettingsSection>
      <SettingsSection title="Two-factor authentication">
        <TwoFactorSection enabled={props.config.privacy.twofa} />
      </SettingsSection>
      <SettingsSection title="Sessions" description="Where your account is signed in.">
        <SessionsList prefs={prefs} />
      </SettingsSection>
    </>
  );
}
