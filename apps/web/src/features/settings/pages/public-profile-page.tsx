import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Configuration, type ProfileVisibility, profileBodySchema } from '@tradedesk/contracts';
import type { FormEvent } from 'react';
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

/**
 * The spec's two fields, visibility (who sees the profile's posts and activity) and isPublic (whether anyone may
 * follow without asking), set together by one choice: the combinations a person would pick.
 */
const audiences = [
  {
    value: 'everyone',
    label: 'Everyone',
    hint: 'Anyone can see your profile and activity, and follow you.',
    fields: { visibility: 'everyone', is_public: true },
  },
  {
    value: 'followers',
    label: 'Followers you accept',
    hint: 'People ask to follow you; only those you accept see your activity.',
    fields: { visibility: 'followers', is_public: false },
  },
  {
    value: 'nobody',
    label: 'Only you',
    hint: 'Your profile is hidden from everyone else.',
    fields: { visibility: 'nobody', is_public: false },
  },
] as const satisfies readonly {
  value: ProfileVisibility;
  label: string;
  hint: string;
  fields: { visibility: ProfileVisibility; is_public: boolean };
}[];

/** The choice a saved pair shows as: a profile that must be asked to follow is at most for followers. */
function audienceOf(visibility: ProfileVisibility, isPublic: boolean): ProfileVisibility {
  if (visibility === 'nobody') return 'nobody';
  return visibility === 'followers' || !isPublic ? 'followers' : 'everyone';
}

export const USERNAME_TAKEN_TEXT = 'This username is taken.';

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
  const audience = audienceOf(form.watch('visibility'), form.watch('is_public'));
  const chooseAudience = (value: string) => {
    const chosen = audiences.find((a) => a.value === value);
    if (!chosen) return;
    form.setValue('visibility', chosen.fields.visibility, { shouldDirty: true });
    form.setValue('is_public', chosen.fields.is_public, { shouldDirty: true });
  };

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
          </FieldGrid>
          <FormControl component="fieldset" sx={{ mt: 2 }}>
            <FormLabel
              id="profile-audience-label"
              component="legend"
              sx={{ color: 'text.primary', fontWeight: 600, mb: 0.5 }}
            >
              Who can see your profile
            </FormLabel>
            <RadioGroup
              aria-labelledby="profile-audience-label"
              name="audience"
              value={audience}
              onChange={(event) => chooseAudience(event.target.value)}
            >
              {audiences.map((a) => (
                <FormControlLabel
                  key={a.value}
                  value={a.value}
                  control={
                    <Radio
                      slotProps={{
                        // Named by the choice alone; the line under it is its description.
                        input: { 'aria-label': a.label, 'aria-describedby': `profile-audience-${a.value}` },
                      }}
                    />
                  }
                  sx={{ alignItems: 'flex-start', mb: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
                  label={
                    <>
                      <Typography component="span" sx={{ display: 'block' }}>
                        {a.label}
                      </Typography>
                      <Typography
                        id={`profile-audience-${a.value}`}
                        variant="body2"
                        component="span"
                        sx={{ display: 'block', color: 'text.secondary' }}
                      >
                        {a.hint}
                      </Typography>
                    </>
                  }
                />
              ))}
            </RadioGroup>
            {(errors.visibility || errors.is_public) && (
              <FormHelperText error>{errors.visibility?.message ?? errors.is_public?.message}</FormHelperText>
            )}
          </FormControl>
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
