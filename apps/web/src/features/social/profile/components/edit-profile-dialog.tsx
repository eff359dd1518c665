import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  acceptedImageTypes,
  type ProfileBody,
  type ProfileVisibility,
  profileBodySchema,
  type SocialProfile,
} from '@tradedesk/contracts';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../../../shared/api/api-error';
import { InlineAlert } from '../../../../shared/states/inline-alert';
import { toast } from '../../../../shared/toast/toast';
import { useTradingAccountsQuery } from '../../../trading';
import {
  type SocialImageKind,
  useSaveSocialProfileMutation,
  useSetTrackRecordMutation,
  useUploadSocialImageMutation,
} from '../profile-api';

type Audience = 'everyone' | 'followers' | 'nobody';

const AUDIENCES: { value: Audience; label: string; fields: { visibility: ProfileVisibility; is_public: boolean } }[] = [
  { value: 'everyone', label: 'Everyone: anyone can follow', fields: { visibility: 'everyone', is_public: true } },
  {
    value: 'followers',
    label: 'Private: followers you accept',
    fields: { visibility: 'followers', is_public: false },
  },
  { value: 'nobody', label: 'Only you', fields: { visibility: 'nobody', is_public: false } },
];

export function audienceOf(visibility: ProfileVisibility, isPublic: boolean): Audience {
  if (visibility === 'nobody') return 'nobody';
  return visibility === 'followers' || !isPublic ? 'followers' : 'everyone';
}

type Values = { username: string; biography: string; location: string; url: string; audience: Audience };

/** The body of PUT /profile: only what changed, so an untouched form sends nothing. */
export function changedFields(initial: Values, values: Values): ProfileBody {
  const body: ProfileBody = {};
  if (values.username !== initial.username) body.username = values.username.trim();
  if (values.biography !== initial.biography) body.biography = values.biography;
  if (values.location !== initial.location) body.location = values.location;
  if (values.url !== initial.url) body.url = values.url.trim();
  if (values.audience !== initial.audience) {
    const a = AUDIENCES.find((x) => x.value === values.audience);
    if (a) Object.assign(body, a.fields);
  }
  return body;
}

const NO_RECORD = 'none';

function ImagePicker(props: { kind: SocialImageKind; currentUrl: string | null; name: string }) {
  const ref = useRef<HTMLInputElement>(null);
  const [upload, { isLoading }] = useUploadSocialImageMutation();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const title = props.kind === 'avatar' ? 'Avatar' : 'Banner';
  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.type && !(acceptedImageTypes as readonly string[]).includes(file.type)) {
      setError('This file type is not accepted. Choose a PNG, JPEG, WebP or GIF image.');
      return;
    }
    setError(null);
    const r = await upload({ kind: props.kind, file });
    if ('error' in r) {
      setError(
        isApiError(r.error) && r.error.message
          ? `The upload failed. ${r.error.message}`
          : 'The upload failed. Please try again.',
      );
      return;
    }
    setPreview(r.data.url);
    toast.success(`Your ${props.kind} was updated.`);
  };
  const shown = preview ?? props.currentUrl;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
      {props.kind === 'avatar' ? (
        <Avatar src={shown ?? undefined} alt={shown ? 'Current avatar' : ''} sx={{ width: 64, height: 64 }}>
          {props.name.charAt(0).toUpperCase()}
        </Avatar>
      ) : (
        <Box sx={{ width: 192, aspectRatio: '4 / 1', bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
          {shown && (
            <Box
              component="img"
              src={shown}
              alt="Current banner"
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          )}
        </Box>
      )}
      <input
        ref={ref}
        type="file"
        hidden
        accept={acceptedImageTypes.join(',')}
        aria-label={`${title} file`}
        onChange={(e) => void onPick(e)}
      />
      <Box>
        <Button variant="outlined" size="small" disabled={isLoading} onClick={() => ref.current?.click()}>
          {isLoading ? 'Uploading…' : `Change ${props.kind}`}
        </Button>
        {error && (
          <Typography role="alert" variant="body2" sx={{ color: 'error.main', mt: 0.5 }}>
            {error}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/**
 * My profile edit modal: name, biography, location, website and audience (PUT /profile), avatar and banner
 * (uploaded as soon as they are picked), and which of my accounts publishes its track record.
 */
export function EditProfileDialog(props: { open: boolean; profile: SocialProfile; onClose: () => void }) {
  const p = props.profile;
  const titleId = useId();
  const initial: Values = {
    username: p.username,
    biography: p.biography,
    location: p.location,
    url: p.url,
    audience: audienceOf(p.visibility, p.isPublic),
  };
  const initialRecord = p.trackRecord?.accountId ?? NO_RECORD;
  const [values, setValues] = useState<Values>(initial);
  const [record, setRecord] = useState(initialRecord);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saveProfile, saving] = useSaveSocialProfileMutation();
  const [setTrackRecord, publishing] = useSetTrackRecordMutation();
  const accounts = useTradingAccountsQuery('all', { skip: !props.open });
  const busy = saving.isLoading || publishing.isLoading;
  // Track records come from virtual (and prop challenge) or imported accounts: the engine computes their figures.
  const publishable = (accounts.data ?? []).filter((a) => a.kind !== 'connected' || a.id === initialRecord);

  const set = (key: keyof Values) => (e: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const close = () => {
    setValues(initial);
    setRecord(initialRecord);
    setErrors({});
    setFormError(null);
    props.onClose();
  };

  const submit = async () => {
    setFormError(null);
    const body = changedFields(initial, values);
    const parsed = profileBodySchema.safeParse(body);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
      setErrors(out);
      return;
    }
    setErrors({});
    if (Object.keys(body).length > 0) {
      const r = await saveProfile(body);
      if ('error' in r) {
        const fields = isApiError(r.error) ? fieldErrorsOf(r.error) : {};
        setErrors(fields);
        if (Object.keys(fields).length === 0)
          setFormError(isApiError(r.error) && r.error.message ? r.error.message : 'Your profile was not saved.');
        return;
      }
    }
    if (record !== initialRecord) {
      const r = await setTrackRecord({ accountId: record === NO_RECORD ? null : record });
      if ('error' in r) {
        const message = isApiError(r.error) && r.error.message ? r.error.message : 'The track record was not saved.';
        setErrors({ account_id: message });
        return;
      }
    }
    toast.success('Your profile was saved.');
    props.onClose();
  };

  return (
    <Dialog open={props.open} onClose={busy ? undefined : close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Edit profile</DialogTitle>
      <DialogContent>
        {formError && (
          <InlineAlert severity="error" sx={{ mt: 0, mb: 2 }}>
            {formError}
          </InlineAlert>
        )}
        <ImagePicker kind="banner" currentUrl={p.bannerUrl} name={p.displayName} />
        <ImagePicker kind="avatar" currentUrl={p.avatarUrl} name={p.displayName} />
        <TextField
          label="Username"
          fullWidth
          margin="dense"
          required
          value={values.username}
          onChange={set('username')}
          error={Boolean(errors.username)}
          helperText={errors.username}
        />
        <TextField
          label="Biography"
          fullWidth
          margin="dense"
          multiline
          minRows={3}
          value={values.biography}
          onChange={set('biography')}
          error={Boolean(errors.biography)}
          helperText={errors.biography ?? `${values.biography.length} / 500 characters`}
        />
        <TextField
          label="Location"
          fullWidth
          margin="dense"
          value={values.location}
          onChange={set('location')}
          error={Boolean(errors.location)}
          helperText={errors.location}
        />
        <TextField
          label="Website"
          type="url"
          placeholder="https://"
          fullWidth
          margin="dense"
          value={values.url}
          onChange={set('url')}
          error={Boolean(errors.url)}
          helperText={errors.url}
        />
        <TextField
          select
          label="Who can see your profile"
          fullWidth
          margin="dense"
          value={values.audience}
          onChange={set('audience')}
          error={Boolean(errors.visibility ?? errors.is_public)}
          helperText={errors.visibility ?? errors.is_public}
        >
          {AUDIENCES.map((a) => (
            <MenuItem key={a.value} value={a.value}>
              {a.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Track record"
          fullWidth
          margin="dense"
          value={accounts.isLoading ? NO_RECORD : record}
          onChange={(e) => setRecord(e.target.value)}
          disabled={accounts.isLoading}
          error={Boolean(errors.account_id) || Boolean(accounts.error)}
          helperText={
            errors.account_id ??
            (accounts.error
              ? 'Your accounts could not be loaded.'
              : 'The engine computes the chosen account’s figures live and shows them with a “Verified by TradeDesk” badge.')
          }
        >
          <MenuItem value={NO_RECORD}>Do not publish a track record</MenuItem>
          {publishable.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name} ({a.propFirm ? 'prop challenge' : a.kind}, {a.currency})
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
