import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { type Configuration, privacySettingsBodySchema } from '@tradedesk/contracts';
import { Controller } from 'react-hook-form';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { FormActions } from '../components/form-actions';
import { SettingsSection } from '../components/settings-section';
import { useSettingsForm } from '../hooks/use-settings-form';
import { useSavePrivacySettingsMutation } from '../settings-api';

// Two-factor is switched on the security page, never from this form.
const schema = privacySettingsBodySchema.pick({ support: true }).required();

function toValues(config: Configuration) {
  return { support: config.privacy.support };
}

/** privacy: support access (PUT /customer/settings/privacy). Two-factor lives on the security page alone. */
export function PrivacyPage(props: { config: Configuration }) {
  const [save] = useSavePrivacySettingsMutation();
  const { form, onSubmit, discard, formError, isDirty, isSubmitting } = useSettingsForm({
    id: 'privacy',
    schema,
    config: props.config,
    toValues,
    save: (body) => save(body),
    successMessage: 'Your privacy settings were saved.',
  });

  return (
    <SettingsSection title="Support access">
      <form noValidate onSubmit={onSubmit} aria-label="Support access">
        {formError && (
          <InlineAlert severity="error" sx={{ mt: 0, mb: 2 }}>
            {formError}
          </InlineAlert>
        )}
        <Controller
          control={form.control}
          name="support"
          render={({ field, fieldState }) => (
            <>
              <FormControlLabel
                control={
                  <Switch
                    checked={field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                    onBlur={field.onBlur}
                    name={field.name}
                    slotProps={{ input: { 'aria-describedby': 'privacy-support-hint' } }}
                  />
                }
                label="Allow support to access my account"
              />
              <FormHelperText id="privacy-support-hint" error={Boolean(fieldState.error)}>
                {fieldState.error?.message ??
                  'When on, our support team may look at your account settings to help you with a request you made. You can turn it off at any time.'}
              </FormHelperText>
            </>
          )}
        />
        <FormActions dirty={isDirty} submitting={isSubmitting} onDiscard={discard} />
      </form>
    </SettingsSection>
  );
}
