import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  acceptedImageTypes,
  COMMUNITY_CATEGORIES,
  COMMUNITY_DELETE_GRACE_DAYS,
  type Community,
  type CommunityMember,
  type CommunityVisibility,
  updateCommunitySettingsBodySchema,
} from '@tradedesk/contracts';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../../../shared/api/api-error';
import { useFormatters } from '../../../../shared/format/format-preferences';
import { InlineAlert } from '../../../../shared/states/inline-alert';
import { toast } from '../../../../shared/toast/toast';
import { SettingsSection } from '../../../settings/components/settings-section';
import { messageOf, PersonCell } from '../components/common';
import { TypeToConfirmDialog } from '../components/type-to-confirm-dialog';
import {
  type SettingsBody,
  useSettingsDeleteCommunityMutation,
  useSettingsMembersQuery,
  useSettingsRemoveImageMutation,
  useSettingsRestoreCommunityMutation,
  useSettingsTransferOwnershipMutation,
  useSettingsUpdateMutation,
  useSettingsUploadImageMutation,
} from '../settings-api';

export const VISIBILITY_TEXT: Record<CommunityVisibility, { label: string; text: string }> = {
  public: { label: 'Public', text: 'Listed in the directory; anyone signed in sees it and joins at once.' },
  private: {
    label: 'Private',
    text: 'Listed with its name and description; its feed, channels and members are for members, who ask to join.',
  },
  hidden: { label: 'Hidden', text: 'Not listed: only members and the people you invite can find it.' },
};

type Values = { name: string; description: string; categories: string[]; visibility: CommunityVisibility };

/** The body of PUT /community/{id}/settings: only what changed, so an untouched form sends nothing. */
export function changedSettings(initial: Values, values: Values): SettingsBody {
  const body: SettingsBody = {};
  if (values.name !== initial.name) body.name = values.name;
  if (values.description !== initial.description) body.description = values.description;
  if (values.categories.join() !== initial.categories.join()) body.categories = values.categories;
  if (values.visibility !== initial.visibility) body.visibility = values.visibility;
  return body;
}

function GeneralForm(props: { community: Community }) {
  const c = props.community;
  const initial: Values = {
    name: c.name,
    description: c.description,
    categories: c.categories,
    visibility: c.visibility,
  };
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [save, saving] = useSettingsUpdateMutation();
  const body = changedSettings(initial, values);
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
      if (Object.keys(fields).length === 0) setFormError(messageOf(r.error, 'The settings were not saved.'));
      return;
    }
    toast.success('The community settings were saved.');
  };

  const categoryName = (id: string) => COMMUNITY_CATEGORIES.find((x) => x.id === id)?.name ?? id;
  return (
    <Box component="form" noValidate aria-label="Community details" onSubmit={(e) => void submit(e)}>
      <TextField
        label="Name"
        required
        fullWidth
        margin="dense"
        value={values.name}
        onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
        error={Boolean(errors.name)}
        helperText={errors.name ?? '3 to 60 characters.'}
      />
      <TextField
        label="Description"
        fullWidth
        margin="dense"
        multiline
        minRows={3}
        value={values.description}
        onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
        error={Boolean(errors.description)}
        helperText={errors.description ?? `${values.description.length} / 1000 characters`}
      />
      <Autocomplete
        multiple
        options={COMMUNITY_CATEGORIES.map((x) => x.id as string)}
        getOptionLabel={categoryName}
        getOptionDisabled={(o) => values.categories.length >= 3 && !values.categories.includes(o)}
        value={values.categories}
        onChange={(_e, next) => setValues((v) => ({ ...v, categories: next }))}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Categories"
            margin="dense"
            error={Boolean(errors.categories)}
            helperText={errors.categories ?? 'One to three, used by the directory.'}
          />
        )}
      />
      <FormControl component="fieldset" margin="dense" error={Boolean(errors.visibility)}>
        <FormLabel component="legend">Visibility</FormLabel>
        <RadioGroup
          value={values.visibility}
          onChange={(e) => setValues((v) => ({ ...v, visibility: e.target.value as CommunityVisibility }))}
        >
          {(Object.keys(VISIBILITY_TEXT) as CommunityVisibility[]).map((vis) => (
            <FormControlLabel
              key={vis}
              value={vis}
              control={<Radio />}
              label={
                <Box>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {VISIBILITY_TEXT[vis].label}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {VISIBILITY_TEXT[vis].text}
                  </Typography>
                </Box>
              }
              sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 }, mb: 0.5 }}
            />
          ))}
        </RadioGroup>
        {errors.visibility && <FormHelperText>{errors.visibility}</FormHelperText>}
      </FormControl>
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

function ImageField(props: { community: Community; kind: 'image' | 'banner' }) {
  const c = props.community;
  const ref = useRef<HTMLInputElement>(null);
  const [upload, uploading] = useSettingsUploadImageMutation();
  const [remove, removing] = useSettingsRemoveImageMutation();
  const [error, setError] = useState<string | null>(null);
  const title = props.kind === 'image' ? 'Image' : 'Banner';
  const current = props.kind === 'image' ? c.imageUrl : c.bannerUrl;
  const busy = uploading.isLoading || removing.isLoading;

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.type && !(acceptedImageTypes as readonly string[]).includes(file.type)) {
      setError('This file type is not accepted. Choose a PNG, JPEG, WebP or GIF image.');
      return;
    }
    setError(null);
    const r = await upload({ id: c.id, kind: props.kind, file });
    if ('error' in r) setError(`The upload failed. ${messageOf(r.error, 'Please try again.')}`);
    else toast.success(`The community ${props.kind} was updated.`);
  };
  const onRemove = async () => {
    setError(null);
    const r = await remove({ id: c.id, kind: props.kind });
    if ('error' in r) setError(messageOf(r.error, `The ${props.kind} was not removed.`));
    else toast.success(`The community ${props.kind} was removed.`);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <Box
        sx={{
          width: props.kind === 'image' ? 64 : 192,
          aspectRatio: props.kind === 'image' ? '1' : '4 / 1',
          bgcolor: 'action.hover',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        {current && (
          <Box
            component="img"
            src={current}
            alt={`Current ${props.kind}`}
            sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        )}
      </Box>
      <input
        ref={ref}
        type="file"
        hidden
        accept={acceptedImageTypes.join(',')}
        aria-label={`${title} file`}
        onChange={(e) => void onPick(e)}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" size="small" disabled={busy} onClick={() => ref.current?.click()}>
          {uploading.isLoading ? 'Uploading…' : current ? `Change ${props.kind}` : `Upload ${props.kind}`}
        </Button>
        {current && (
          <Button size="small" color="error" disabled={busy} onClick={() => void onRemove()}>
            Remove {props.kind}
          </Button>
        )}
        {error && (
          <Typography role="alert" variant="body2" sx={{ color: 'error.main', width: '100%' }}>
            {error}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

const DEBOUNCE_MS = 250;

/** A member of the community, searched as typed (the search is sent only when it holds something). */
export function MemberPicker(props: {
  communityId: string;
  label: string;
  value: CommunityMember | null;
  onChange: (m: CommunityMember | null) => void;
  exclude?: string;
}) {
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setTerm(input.trim().replace(/^@+/, '').slice(0, 60)), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [input]);
  const q = useSettingsMembersQuery({ id: props.communityId, search: term, limit: 10 });
  const options = (q.data?.items ?? []).filter((m) => m.user.id !== props.exclude);
  return (
    <Autocomplete<CommunityMember, false, false, false>
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={(m) => `${m.user.displayName} (@${m.user.username})`}
      isOptionEqualToValue={(a, b) => a.user.id === b.user.id}
      loading={q.isFetching}
      value={props.value}
      onChange={(_e, m) => props.onChange(m)}
      // Only typing searches: picking a member fills the box with their name, which is no search.
      onInputChange={(_e, v, reason) => {
        if (reason === 'input' || reason === 'clear') setInput(v);
      }}
      noOptionsText={q.isError ? 'The search failed.' : 'No member matches.'}
      renderOption={(optionProps, m) => {
        const { key, ...rest } = optionProps as typeof optionProps & { key: string };
        return (
          <Box component="li" key={key} {...rest}>
            <PersonCell person={m.user} />
          </Box>
        );
      }}
      renderInput={(params) => <TextField {...params} label={props.label} placeholder="Name or @username" />}
    />
  );
}

function TransferOwnership(props: { community: Community }) {
  const c = props.community;
  const [member, setMember] = useState<CommunityMember | null>(null);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [transfer, transferring] = useSettingsTransferOwnershipMutation();
  const confirm = async (typed: string) => {
    if (!member) return;
    setError(null);
    const r = await transfer({ id: c.id, memberId: member.user.id, confirm: typed });
    if ('error' in r) {
      setError(messageOf(r.error, 'The ownership was not transferred.'));
      return;
    }
    setAsking(false);
    setMember(null);
    toast.success(`${member.user.displayName} now owns ${c.name}. You keep the Moderator role.`);
  };
  return (
    <SettingsSection
      title="Transfer ownership"
      description="The new owner gets the Owner role and every permission; you keep the Moderator role."
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <MemberPicker communityId={c.id} label="New owner" value={member} onChange={setMember} exclude={c.owner.id} />
        </Box>
        <Button variant="outlined" color="warning" disabled={!member} onClick={() => setAsking(true)}>
          Transfer ownership
        </Button>
      </Box>
      <TypeToConfirmDialog
        open={asking}
        title={`Give ${c.name} to ${member?.user.displayName ?? ''}?`}
        handle={c.handle}
        confirmLabel="Transfer ownership"
        busy={transferring.isLoading}
        error={error}
        onConfirm={(typed) => void confirm(typed)}
        onClose={() => {
          setAsking(false);
          setError(null);
        }}
      >
        You will no longer own this community and cannot take it back yourself.
      </TypeToConfirmDialog>
    </SettingsSection>
  );
}

function DeleteCommunity(props: { community: Community }) {
  const c = props.community;
  const f = useFormatters();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [remove, removing] = useSettingsDeleteCommunityMutation();
  const [restore, restoring] = useSettingsRestoreCommunityMutation();
  const confirm = async (typed: string) => {
    setError(null);
    const r = await remove({ id: c.id, confirm: typed });
    if ('error' in r) {
      setError(messageOf(r.error, 'The community was not deleted.'));
      return;
    }
    setAsking(false);
    toast.success(`${c.name} will be deleted in ${COMMUNITY_DELETE_GRACE_DAYS} days unless you restore it.`);
  };
  const onRestore = async () => {
    const r = await restore(c.id);
    if ('error' in r) toast.error(messageOf(r.error, 'The community was not restored.'));
    else toast.success(`${c.name} was restored.`);
  };
  if (c.deletionScheduledFor)
    return (
      <SettingsSection title="Deletion scheduled" tone="danger">
        <InlineAlert
          severity="warning"
          sx={{ mt: 0 }}
          action={
            <Button color="inherit" size="small" disabled={restoring.isLoading} onClick={() => void onRestore()}>
              Restore
            </Button>
          }
        >
          {c.name} will be deleted for good on {f.dateTime(c.deletionScheduledFor)}. Until then only you can see it;
          restore it to bring it back for its members.
        </InlineAlert>
      </SettingsSection>
    );
  return (
    <SettingsSection
      title="Delete community"
      tone="danger"
      description={`Members lose access at once. It is deleted for good after ${COMMUNITY_DELETE_GRACE_DAYS} days; until then you can restore it.`}
    >
      <Button variant="outlined" color="error" onClick={() => setAsking(true)}>
        Delete community
      </Button>
      <TypeToConfirmDialog
        open={asking}
        title={`Delete ${c.name}?`}
        handle={c.handle}
        confirmLabel="Delete community"
        busy={removing.isLoading}
        error={error}
        onConfirm={(typed) => void confirm(typed)}
        onClose={() => {
          setAsking(false);
          setError(null);
        }}
      >
        Its posts, channels, roles and members go with it after a grace period of {COMMUNITY_DELETE_GRACE_DAYS} days.
      </TypeToConfirmDialog>
    </SettingsSection>
  );
}

/** Tab Overall: details, visibility, image and banner; for the owner also the ownership and the deletion. */
export function OverallTab(props: { community: Community; isOwner: boolean }) {
  const c = props.community;
  return (
    <Box>
      <SettingsSection title="Details">
        <GeneralForm key={`${c.id}-${c.name}-${c.description}-${c.categories.join()}-${c.visibility}`} community={c} />
      </SettingsSection>
      <SettingsSection title="Image and banner" description="PNG, JPEG, WebP or GIF; metadata is removed.">
        <ImageField community={c} kind="image" />
        <ImageField community={c} kind="banner" />
      </SettingsSection>
      {props.isOwner && <TransferOwnership community={c} />}
      {props.isOwner && <DeleteCommunity community={c} />}
    </Box>
  );
}
