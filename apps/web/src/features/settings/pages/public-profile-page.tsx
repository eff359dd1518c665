import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type Configuration, type ProfileVisibility, profileBodySchema } from '@tradedesk/contracts';
import type { FormEvent } from 'react';
import { Controller } from 'react-hook-form';
import { FormTextField } from '../../../shared/forms/form-text-field';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { availabilityText, useUsernameAvailability } from '../../auth';
import { FieldGrid } from '../components/field-grid';
import { FormActions } from '../components/form-actions';
import { ProfileImageUpload } from '../components/profile-image-upload';
import { SettingsSection } from '../components/settings-section';
import { useSettingsForm } from '../hooks/use-settings-form';
import { useSaveProfileMutation } from '../settings-api';

const schema = profileBodySchema.required();

const BIOGRAPHY_MAX = 500;

const visibilityLabels: Record<ProfileVisibility, string> = {
  everyone: 'Everyone',
  followers: 'Followers only',
  nobody: 'Nobody',
};

export const USERNAME_TAKEN_TEXT = 'This username is taken';

function toValues(config: Configuration) {
  const p = config.profile;
  return {
    username: p.username,
    biography: p.biography,
    url: p.url,
    location: p.location,
    visibility: p.visibility,
    is_public: p.isPublic,
  };
}

/** public_profile: what others see (PUT /profile), plus the avatar and banner uploads. */
export function PublicProfilePage(props: { config: Configuration }) {
  const [save] = useSaveProfileMutation();
  const { form, onSubmit, discard, formError, isDirty, isSubmitting } = useSettingsForm({
    id: 'profile',
    schema,
    config: props.config,
    toValues,
    save: (body) => save(body),
    successMessage: 'Your profile was saved.',
  });
  const { errors } = form.formState;
  const username = form.watch('username');
  const biography = form.watch('biography');
  // Your own name (in any letter case) is yours to keep: only a different name is checked.
  const changedUsername = username.trim().toLowerCase() === props.config.profile.username.toLowerCase() ? '' : username;
  const availability = useUsernameAvailability(changedUsername);
  const usernameError = errors.username?.message ?? (availability === 'taken' ? USERNAME_TAKEN_TEXT : undefined);
  const { ref: biographyRef, ...biographyField } = form.register('biography');
  const { ref: visibilityRef, ...visibilityField } = form.register('visibility');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (availability === 'taken') {
      event.preventDefault();
      form.setFocus('username');
      return;
    }
    void onSubmit(event);
  };

  return (
    <>
      <SettingsSection title="Profile" description="Shown on your public profile in the community.">
        <form noValidate onSubmit={submit} aria-label="Profile">
          {formError && (
            <InlineAlert severity="error" sx={{ mt: 0, mb: 2 }}>
              {formError}
            </InlineAlert>
          )}
          <FieldGrid>
            <FormTextField
              label="Username"
              autoComplete="username"
              required
              error={usernameError}
              helperText={changedUsername ? availabilityText[availability] : availabilityText.idle}
              {...form.register('username')}
            />
            <FormTextField label="Location" error={errors.location?.message} {...form.register('location')} />
          </FieldGrid>
          <TextField
            label="Biography"
            multiline
            minRows={3}
            fullWidth
            margin="dense"
            inputRef={biographyRef}
            {...biographyField}
            error={Boolean(errors.biography)}
            helperText={errors.biography?.message ?? `${biography.length} / ${BIOGRAPHY_MAX} characters`}
          />
          <FieldGrid>
            <FormTextField
              label="Website"
              type="url"
              autoComplete="url"
              placeholder="https://"
              error={errors.url?.message}
              {...form.register('url')}
            />
            <TextField
              select
              fullWidth
              margin="dense"
              label="Profile visibility"
              inputRef={visibilityRef}
              {...visibilityField}
              error={Boolean(errors.visibility)}
              helperText={errors.visibility?.message ?? 'Who can see your posts and activity'}
              slotProps={{ select: { native: true } }}
            >
              {Object.entries(visibilityLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </TextField>
          </FieldGrid>
          <Controller
            control={form.control}
            name="is_public"
            render={({ field }) => (
              <FormControlLabel
                sx={{ mt: 1 }}
                control={
                  <Switch
                    checked={!field.value}
                    onChange={(e) => field.onChange(!e.target.checked)}
                    onBlur={field.onBlur}
                    name={field.name}
                    slotProps={{ input: { 'aria-describedby': 'profile-private-hint' } }}
                  />
                }
                label="Private profile"
              />
            )}
          />
          <FormHelperText id="profile-private-hint">
            When on, people must ask to follow you, and only the followers you accept see your profile.
          </FormHelperText>
          <FormActions dirty={isDirty} submitting={isSubmitting} onDiscard={discard} />
        </form>
      </SettingsSection>
      <SettingsSection title="Images" description="PNG, JPEG, WebP or GIF. You see each image before it is uploaded.">
        <ProfileImageUpload kind="avatar" currentUrl={props.config.profile.avatar} />
        <ProfileImageUpload kind="banner" currentUrl={props.config.profile.banner} />
      </SettingsSection>
    </>
  );
}
