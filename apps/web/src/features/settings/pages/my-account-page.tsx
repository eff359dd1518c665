import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { type Configuration, generalSettingsBodySchema } from '@tradedesk/contracts';
import { Controller } from 'react-hook-form';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { FieldGrid } from '../components/field-grid';
import { FormActions } from '../components/form-actions';
import { SettingsSection } from '../components/settings-section';
import { TimeZoneField } from '../components/time-zone-field';
import { useSettingsForm } from '../hooks/use-settings-form';
import { useSaveGeneralSettingsMutation } from '../settings-api';

const schema = generalSettingsBodySchema.required();

function toValues(config: Configuration) {
  const g = config.general;
  return {
    first_name: g.firstName,
    last_name: g.lastName,
    phone: g.phone,
    time_zone: g.timeZone,
    time_format: g.timeFormat,
  };
}

/** my_account: names, email (shown only), phone, time zone and time format (PUT /customer/settings/general). */
export function MyAccountPage(props: { config: Configuration }) {
  const [save] = useSaveGeneralSettingsMutation();
  const { form, onSubmit, discard, formError, isDirty, isSubmitting } = useSettingsForm({
    id: 'general',
    schema,
    config: props.config,
    toValues,
    save: (body) => save(body),
    successMessage: 'Your account settings were saved.',
  });
  const { errors } = form.formState;

  return (
    <SettingsSection title="Personal details" description="How you appear in the app and how times are shown to you.">
      <form noValidate onSubmit={onSubmit} aria-label="Personal details">
        {formError && (
          <InlineAlert severity="error" sx={{ mt: 0, mb: 2 }}>
            {formError}
          </InlineAlert>
        )}
        <FieldGrid>
          <FormTextField
            label="First name"
            autoComplete="given-name"
            required
            error={errors.first_name?.message}
            {...form.register('first_name')}
          />
          <FormTextField
            label="Last name"
            autoComplete="family-name"
            required
            error={errors.last_name?.message}
            {...form.register('last_name')}
          />
          <FormTextField
            label="Email"
            type="email"
            value={props.config.general.email}
            readOnly
            helperText="Read-only: your sign-in address cannot be changed here."
          />
          <FormTextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            helperText="Optional. Digits, spaces and + ( ) . / -"
            {...form.register('phone')}
          />
          <Controller
            control={form.control}
            name="time_zone"
            render={({ field }) => (
              <TimeZoneField
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={errors.time_zone?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="time_format"
            render={({ field }) => (
              <FormControl component="fieldset" margin="dense">
                <FormLabel component="legend">Time format</FormLabel>
                <RadioGroup row name={field.name} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                  <FormControlLabel value="24h" control={<Radio />} label="24-hour (17:30)" />
                  <FormControlLabel value="12h" control={<Radio />} label="12-hour (5:30 PM)" />
                </RadioGroup>
              </FormControl>
            )}
          />
        </FieldGrid>
        <FormActions dirty={isDirty} submitting={isSubmitting} onDiscard={discard} />
      </form>
    </SettingsSection>
  );
}
