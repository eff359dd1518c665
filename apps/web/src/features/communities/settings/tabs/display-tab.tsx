import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type Community, normaliseAccountColor, updateCommunitySettingsBodySchema } from '@tradedesk/contracts';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../../../shared/api/api-error';
import { InlineAlert } from '../../../../shared/states/inline-alert';
import { toast } from '../../../../shared/toast/toast';
import { SettingsSection } from '../../../settings/components/settings-section';
import { ColorField } from '../components/color-field';
import { messageOf } from '../components/common';
import { type SettingsBody, useSettingsUpdateMutation } from '../settings-api';

type Values = { showMemberCount: boolean; showOnlineMembers: boolean; accentColor: string; welcomeMessage: string };

/** The display part of PUT /community/{id}/settings: only what changed. */
export function changedDisplay(initial: Values, values: Values): SettingsBody {
  const body: SettingsBody = {};
  if (values.showMemberCount !== initial.showMemberCount) body.show_member_count = values.showMemberCount;
  if (values.showOnlineMembers !== initial.showOnlineMembers) body.show_online_members = values.showOnlineMembers;
  const accent = normaliseAccountColor(values.accentColor) ?? values.accentColor;
  if (accent !== normaliseAccountColor(initial.accentColor)) body.accent_color = values.accentColor;
  if (values.welcomeMessage !== initial.welcomeMessage) body.welcome_message = values.welcomeMessage;
  return body;
}

function DisplayForm(props: { community: Community }) {
  const c = props.community;
  const initial: Values = { ...c.settings };
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [save, saving] = useSettingsUpdateMutation();
  const body = changedDisplay(initial, values);
  const dirty = Object.keys(body).length > 0;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const parsed = updateCommunitySettingsBodySchema.safeParse(body);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
      setErrors(out);
      return;
    }
    setErrors({});
    const r = await save({ id: c.id, body: parsed.data });
    if ('error' in r) {
      const fields = isApiError(r.error) ? fieldErrorsOf(r.error) : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(messageOf(r.error, 'The display settings were not saved.'));
      return;
    }
    toast.success('The display settings were saved.');
  };

  return (
    <Box component="form" noValidate aria-label="Display settings" onSubmit={(e) => void submit(e)}>
      <Box sx={{ display: 'grid', gap: 0.5, mb: 2 }}>
        <FormControlLabel
          control={
            <Switch
              checked={values.showMemberCount}
              onChange={(e) => setValues((v) => ({ ...v, showMemberCount: e.target.checked }))}
            />
          }
          label="Show the member count"
        />
      </Box>
      <ColorField
        label="Accent colour"
        value={values.accentColor}
        onChange={(accentColor) => setValues((v) => ({ ...v, accentColor }))}
        error={errors.accent_color}
      />
      <TextField
        label="Welcome message"
        fullWidth
        margin="normal"
        multiline
        minRows={3}
        value={values.welcomeMessage}
        onChange={(e) => setValues((v) => ({ ...v, welcomeMessage: e.target.value }))}
        error={Boolean(errors.welcome_message)}
        helperText={
          errors.welcome_message ??
          `Shown to new members on the community page. ${values.welcomeMessage.length} / 500 characters`
        }
      />
      {formError && (
        <InlineAlert severity="error" sx={{ my: 1 }}>
          {formError}
        </InlineAlert>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
        <Button disabled={!dirty || saving.isLoading} onClick={() => setValues(initial)}>
          Discard changes
        </Button>
        <Button type="submit" variant="contained" disabled={!dirty || saving.isLoading}>
          {saving.isLoading ? 'Saving…' : 'Save'}
        </Button>
      </Box>
    </Box>
  );
}

/** Tab Display: member count, online members, accent colour and the welcome message. */
export function DisplayTab(props: { community: Community }) {
  const s = props.community.settings;
  return (
    <SettingsSection title="Display" description="How the community page looks to its members.">
      <DisplayForm
        key={`${s.showMemberCount}-${s.showOnlineMembers}-${s.accentColor}-${s.welcomeMessage}`}
        community={props.community}
      />
    </SettingsSection>
  );
}
