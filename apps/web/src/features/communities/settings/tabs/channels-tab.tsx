import Add from '@mui/icons-material/Add';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type Community,
  type CommunityChannel,
  type CommunityRole,
  createCommunityChannelBodySchema,
} from '@tradedesk/contracts';
import { type FormEvent, useId, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../../../shared/api/api-error';
import { EmptyState } from '../../../../shared/states/empty-state';
import { ErrorState } from '../../../../shared/states/error-state';
import { InlineAlert } from '../../../../shared/states/inline-alert';
import { LoadingState } from '../../../../shared/states/loading-state';
import { toast } from '../../../../shared/toast/toast';
import { ConfirmDialog } from '../../../settings/components/confirm-dialog';
import { SettingsSection } from '../../../settings/components/settings-section';
import { ColorDot, messageOf } from '../components/common';
import {
  type ChannelBody,
  useSettingsChannelsQuery,
  useSettingsDeleteChannelMutation,
  useSettingsRolesQuery,
  useSettingsSaveChannelMutation,
} from '../settings-api';
import { byPosition } from './roles-tab';

const KIND_LABEL: Record<CommunityChannel['kind'], string> = {
  text: 'Text: members with Use channels write',
  announcements: 'Announcements: only those who manage channels write',
};

function ChannelDialog(props: {
  communityId: string;
  channel: CommunityChannel | null;
  roles: CommunityRole[];
  onClose: () => void;
}) {
  const titleId = useId();
  const ch = props.channel;
  const [values, setValues] = useState<ChannelBody>(
    ch
      ? { name: ch.name, topic: ch.topic, kind: ch.kind, private: ch.private, role_ids: ch.roleIds }
      : { name: '', topic: '', kind: 'text', private: false, role_ids: [] },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [save, saving] = useSettingsSaveChannelMutation();
  const toggleRole = (id: string, on: boolean) =>
    setValues((v) => ({ ...v, role_ids: on ? [...v.role_ids, id] : v.role_ids.filter((x) => x !== id) }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const body = { ...values, role_ids: values.private ? values.role_ids : [] };
    const parsed = createCommunityChannelBodySchema.safeParse(body);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
      setErrors(out);
      return;
    }
    setErrors({});
    const r = await save({ id: props.communityId, ...(ch ? { channelId: ch.id } : {}), body: parsed.data });
    if ('error' in r) {
      const fields = isApiError(r.error) ? fieldErrorsOf(r.error) : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(messageOf(r.error, 'The channel was not saved.'));
      return;
    }
    toast.success(ch ? `#${parsed.data.name} was saved.` : `#${parsed.data.name} was created.`);
    props.onClose();
  };

  return (
    <Dialog
      open
      onClose={saving.isLoading ? undefined : props.onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" noValidate aria-labelledby={titleId} onSubmit={(e) => void submit(e)}>
        <DialogTitle id={titleId}>{ch ? `Edit #${ch.name}` : 'Create a channel'}</DialogTitle>
        <DialogContent>
          <TextField
            label="Name"
            required
            fullWidth
            margin="dense"
            value={values.name}
            onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
            error={Boolean(errors.name)}
            helperText={errors.name ?? 'Lower-case letters, digits and dashes, such as trade-ideas.'}
          />
          <TextField
            label="Topic"
            fullWidth
            margin="dense"
            value={values.topic}
            onChange={(e) => setValues((v) => ({ ...v, topic: e.target.value }))}
            error={Boolean(errors.topic)}
            helperText={errors.topic}
          />
          <TextField
            select
            label="Kind"
            fullWidth
            margin="dense"
            value={values.kind}
            onChange={(e) => setValues((v) => ({ ...v, kind: e.target.value as CommunityChannel['kind'] }))}
          >
            {(Object.keys(KIND_LABEL) as CommunityChannel['kind'][]).map((kind) => (
              <MenuItem key={kind} value={kind}>
                {KIND_LABEL[kind]}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Switch
                checked={values.private}
                onChange={(e) => setValues((v) => ({ ...v, private: e.target.checked }))}
              />
            }
            label="Private: only the roles picked below (and View private channels) see it"
          />
          {values.private && (
            <FormControl component="fieldset" margin="dense" fullWidth error={Boolean(errors.role_ids)}>
              <FormLabel component="legend">Roles that see it</FormLabel>
              <FormGroup>
                {props.roles.map((role) => (
                  <FormControlLabel
                    key={role.roleId}
                    control={
                      <Checkbox
                        checked={values.role_ids.includes(role.roleId)}
                        onChange={(e) => toggleRole(role.roleId, e.target.checked)}
                      />
                    }
                    label={
                      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                        <ColorDot color={role.color} />
                        {role.name}
                      </Box>
                    }
                  />
                ))}
              </FormGroup>
              {errors.role_ids && <FormHelperText>{errors.role_ids}</FormHelperText>}
            </FormControl>
          )}
          {formError && (
            <InlineAlert severity="error" sx={{ mt: 1 }}>
              {formError}
            </InlineAlert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={saving.isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving.isLoading}>
            {ch ? 'Save channel' : 'Create channel'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Tab Channels: the community's channels; create, edit (private ones with the roles that see them) and delete. */
export function ChannelsTab(props: { community: Community }) {
  const c = props.community;
  const q = useSettingsChannelsQuery(c.id);
  const roles = useSettingsRolesQuery(c.id);
  const [editing, setEditing] = useState<CommunityChannel | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CommunityChannel | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [remove, removal] = useSettingsDeleteChannelMutation();
  const roleName = new Map((roles.data ?? []).map((r) => [r.roleId, r]));

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    const r = await remove({ id: c.id, channelId: deleting.id });
    if ('error' in r) {
      setDeleteError(messageOf(r.error, `#${deleting.name} was not deleted.`));
      return;
    }
    toast.success(`#${deleting.name} was deleted.`);
    setDeleting(null);
  };

  let body: React.ReactNode;
  if (q.isLoading) body = <LoadingState label="Loading the channels" variant="rows" rows={3} />;
  else if (q.isError || !q.data)
    body = (
      <ErrorState
        title="The channels could not be loaded."
        message={messageOf(q.error, '')}
        onRetry={() => void q.refetch()}
      />
    );
  else if (q.data.length === 0) body = <EmptyState title="No channels yet." description="Create the first one." />;
  else
    body = (
      <Box component="ul" aria-label="Channels" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {[...q.data]
          .sort((a, b) => a.position - b.position)
          .map((ch) => (
            <Box
              component="li"
              key={ch.id}
              aria-label={`#${ch.name}`}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                py: 1.25,
                borderBottom: 1,
                borderColor: 'divider',
                flexWrap: 'wrap',
              }}
            >
              <Box sx={{ flex: 1, minWidth: 200 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 600 }}>#{ch.name}</Typography>
                  {ch.kind === 'announcements' && <Chip size="small" variant="outlined" label="Announcements" />}
                  {ch.private && <Chip size="small" icon={<LockOutlined />} label="Private" />}
                </Box>
                {ch.topic && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {ch.topic}
                  </Typography>
                )}
                {ch.private && (
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    Seen by:{' '}
                    {ch.roleIds.length
                      ? ch.roleIds.map((id) => roleName.get(id)?.name ?? 'a removed role').join(', ')
                      : 'only those who may view private channels'}
                  </Typography>
                )}
              </Box>
              <Button size="small" aria-label={`Edit #${ch.name}`} onClick={() => setEditing(ch)}>
                Edit
              </Button>
              <Button size="small" color="error" aria-label={`Delete #${ch.name}`} onClick={() => setDeleting(ch)}>
                Delete
              </Button>
            </Box>
          ))}
      </Box>
    );

  return (
    <SettingsSection title="Channels" description="Topic rooms inside the community.">
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
          Create channel
        </Button>
      </Box>
      {body}
      {editing && (
        <ChannelDialog
          communityId={c.id}
          channel={editing === 'new' ? null : editing}
          roles={byPosition(roles.data ?? [])}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete #${deleting?.name ?? ''}?`}
        confirmLabel="Delete channel"
        busy={removal.isLoading}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onClose={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
      >
        Its messages are deleted with it.
      </ConfirmDialog>
    </SettingsSection>
  );
}
