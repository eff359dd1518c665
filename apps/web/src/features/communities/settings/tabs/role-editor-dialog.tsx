import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type CommunityPermission,
  type CommunityPermissions,
  type CommunityRole,
  createCommunityRoleBodySchema,
  DEFAULT_ROLE_COLOR,
  normaliseAccountColor,
} from '@tradedesk/contracts';
import { type FormEvent, useId, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../../../shared/api/api-error';
import { InlineAlert } from '../../../../shared/states/inline-alert';
import { LoadingState } from '../../../../shared/states/loading-state';
import { toast } from '../../../../shared/toast/toast';
import { ColorField } from '../components/color-field';
import { messageOf } from '../components/common';
import { type RoleBody, useSettingsCreateRoleMutation, useSettingsUpdateRoleMutation } from '../settings-api';

type Values = {
  name: string;
  description: string;
  color: string;
  display: boolean;
  permissions: CommunityPermission[];
};

const EMPTY: Values = { name: '', description: '', color: DEFAULT_ROLE_COLOR, display: false, permissions: [] };

/** The fields of PUT /community/{id}/roles/{roleId} that changed (the color compared normalised). */
export function changedRole(initial: Values, values: Values): Partial<RoleBody> {
  const body: Partial<RoleBody> = {};
  if (values.name !== initial.name) body.name = values.name;
  if (values.description !== initial.description) body.description = values.description;
  if ((normaliseAccountColor(values.color) ?? values.color) !== normaliseAccountColor(initial.color))
    body.color = values.color;
  if (values.display !== initial.display) body.display = values.display;
  const same =
    values.permissions.length === initial.permissions.length &&
    values.permissions.every((p) => initial.permissions.includes(p));
  if (!same) body.permissions = values.permissions;
  return body;
}

/**
 * Create or edit a role: name, description, colour (default #8861E4), whether it shows as its own group in the
 * member list, and the permission checklist from the community's catalogue. A permission the caller does not hold
 * cannot be granted (the server refuses it too), so its box is off.
 */
export function RoleEditorDialog(props: {
  communityId: string;
  /** null: a new role. */
  role: CommunityRole | null;
  catalogue: CommunityPermissions | undefined;
  onClose: () => void;
}) {
  const titleId = useId();
  const r = props.role;
  const initial: Values = r
    ? { name: r.name, description: r.description, color: r.color, display: r.display, permissions: r.permissions }
    : EMPTY;
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [create, creating] = useSettingsCreateRoleMutation();
  const [update, updating] = useSettingsUpdateRoleMutation();
  const busy = creating.isLoading || updating.isLoading;
  const mine = new Set(props.catalogue?.mine ?? []);

  const toggle = (p: CommunityPermission, on: boolean) =>
    setValues((v) => ({ ...v, permissions: on ? [...v.permissions, p] : v.permissions.filter((x) => x !== p) }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const parsed = createCommunityRoleBodySchema.safeParse({ ...values, name: values.name });
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
      setErrors(out);
      return;
    }
    setErrors({});
    const result = r
      ? await update({ id: props.communityId, roleId: r.roleId, body: changedRole(initial, parsed.data) })
      : await create({ id: props.communityId, body: parsed.data });
    if ('error' in result) {
      const fields = isApiError(result.error) ? fieldErrorsOf(result.error) : {};
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(messageOf(result.error, 'The role was not saved.'));
      return;
    }
    toast.success(r ? `The role ${parsed.data.name} was saved.` : `The role ${parsed.data.name} was created.`);
    props.onClose();
  };

  return (
    <Dialog open onClose={busy ? undefined : props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate aria-labelledby={titleId} onSubmit={(e) => void submit(e)}>
        <DialogTitle id={titleId}>{r ? `Edit role ${r.name}` : 'Create a role'}</DialogTitle>
        <DialogContent>
          <TextField
            label="Name"
            required
            fullWidth
            margin="dense"
            value={values.name}
            onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
            error={Boolean(errors.name)}
            helperText={errors.name ?? '1 to 40 characters.'}
            slotProps={{ htmlInput: { maxLength: 40 } }}
          />
          <TextField
            label="Description"
            fullWidth
            margin="dense"
            multiline
            minRows={2}
            value={values.description}
            onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
            error={Boolean(errors.description)}
            helperText={errors.description ?? `${values.description.length} / 300 characters`}
          />
          <Box sx={{ my: 1.5 }}>
            <ColorField
              label="Role colour"
              value={values.color}
              onChange={(color) => setValues((v) => ({ ...v, color }))}
              error={errors.color}
            />
          </Box>
          <FormControlLabel
            control={
              <Switch
                checked={values.display}
                onChange={(e) => setValues((v) => ({ ...v, display: e.target.checked }))}
              />
            }
            label="Show its members as a group in the member list"
          />
          <FormControl component="fieldset" margin="normal" fullWidth error={Boolean(errors.permissions)}>
            <FormLabel component="legend">Permissions</FormLabel>
            {!props.catalogue ? (
              <LoadingState label="Loading the permissions" />
            ) : (
              <FormGroup>
                {props.catalogue.catalogue.map((p) => {
                  const held = mine.has(p.name);
                  const descId = `${titleId}-${p.name}`;
                  return (
                    <Box key={p.name} sx={{ py: 0.5 }}>
                      <FormControlLabel
                        control={
                          <Checkbox
                            checked={values.permissions.includes(p.name)}
                            disabled={!held}
                            onChange={(e) => toggle(p.name, e.target.checked)}
                            slotProps={{ input: { 'aria-describedby': descId } }}
                          />
                        }
                        label={p.label}
                        sx={{ mb: -0.5 }}
                      />
                      <Typography id={descId} variant="caption" component="p" sx={{ color: 'text.secondary', ml: 4 }}>
                        {p.description}
                        {held ? '' : ' You do not hold this permission, so you cannot grant it.'}
                      </Typography>
                    </Box>
                  );
                })}
              </FormGroup>
            )}
            {errors.permissions && <FormHelperText>{errors.permissions}</FormHelperText>}
          </FormControl>
          {formError && (
            <InlineAlert severity="error" sx={{ mt: 1 }}>
              {formError}
            </InlineAlert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {r ? 'Save role' : 'Create role'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
