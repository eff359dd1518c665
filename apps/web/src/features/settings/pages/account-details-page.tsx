import { billingSettingsBodySchema, type Configuration } from '@tradedesk/contracts';
import { Controller } from 'react-hook-form';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { CountryField } from '../components/country-field';
import { FieldGrid } from '../components/field-grid';
import { FormActions } from '../components/form-actions';
import { SettingsSection } from '../components/settings-section';
import { useSettingsForm } from '../hooks/use-settings-form';
import { useSaveBillingSettingsMutation } from '../settings-api';

const schema = billingSettingsBodySchema.required();

function toValues(config: Configuration) {
  const b = config.billing;
  return {
    company: b.company,
    coc: b.coc,
    vat: b.vat,
    country: b.country,
    city: b.city,
    address: b.address,
    state: b.state,
    zipcode: b.zipcode,
  };
}

/** account_details: the billing details of spec section 3 (PUT /customer/settings/billing). */
export function AccountDetailsPage(props: { config: Configuration }) {
  const [save] = useSaveBillingSettingsMutation();
  const { form, onSubmit, discard, formError, isDirty, isSubmitting } = useSettingsForm({
    id: 'billing',
    schema,
    config: props.config,
    toValues,
    save: (body) => save(body),
    successMessage: 'Your billing details were saved.',
  });
  const { errors } = form.formState;

  return (
    <SettingsSection title="Billing details" description="Printed on your invoices. Every field is optional.">
      <form noValidate onSubmit={onSubmit} aria-label="Billing details">
        {formError && (
          <InlineAlert severity="error" sx={{ mt: 0, mb: 2 }}>
            {formError}
          </InlineAlert>
        )}
        <FieldGrid>
          <FormTextField
            label="Company"
            autoComplete="organization"
            error={errors.company?.message}
            {...form.register('company')}
          />
          <FormTextField label="Chamber of Commerce number" error={errors.coc?.message} {...form.register('coc')} />
          <FormTextField label="VAT number" error={errors.vat?.message} {...form.register('vat')} />
          <Controller
            control={form.control}
            name="country"
            render={({ field }) => (
              <CountryField
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={errors.country?.message}
              />
            )}
          />
          <FormTextField
            label="Address"
            autoComplete="street-address"
            error={errors.address?.message}
            {...form.register('address')}
          />
          <FormTextField
            label="City"
            autoComplete="address-level2"
            error={errors.city?.message}
            {...form.register('city')}
          />
          <FormTextField
            label="State or province"
            autoComplete="address-level1"
            error={errors.state?.message}
            {...form.register('state')}
          />
          <FormTextField
            label="ZIP or postal code"
            autoComplete="postal-code"
            error={errors.zipcode?.message}
            {...form.register('zipcode')}
          />
        </FieldGrid>
        <FormActions dirty={isDirty} submitting={isSubmitting} onDiscard={discard} />
      </form>
    </SettingsSection>
  );
}
