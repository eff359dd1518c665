import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  type Community,
  type CommunityLink,
  type CommunityRule,
  communityLinkBodySchema,
  communityRuleBodySchema,
} from '@tradedesk/contracts';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../../../shared/api/api-error';
import { DataTable, type DataTableColumn } from '../../../../shared/data-table/data-table';
import { InlineAlert } from '../../../../shared/states/inline-alert';
import { toast } from '../../../../shared/toast/toast';
import { ConfirmDialog } from '../../../settings/components/confirm-dialog';
import { SettingsSection } from '../../../settings/components/settings-section';
import { messageOf, tableHeight } from '../components/common';
import {
  type OrderedKind,
  useSettingsDeleteOrderedMutation,
  useSettingsOrderedQuery,
  useSettingsReorderMutation,
  useSettingsSaveOrderedMutation,
} from '../settings-api';

type Item = CommunityRule | CommunityLink;
type Values = { title: string; detail: string };

/** What differs between the two lists: wording, the second field, the limit. */
const KINDS = {
  rules: {
    title: 'Rules',
    one: 'rule',
    max: 30,
    detailLabel: 'Description',
    detailOf: (i: Item) => ('description' in i ? i.description : ''),
    schema: communityRuleBodySchema,
    bodyOf: (v: Values) => ({ title: v.title, description: v.detail }),
    detailField: 'description',
    description: 'Members accept the rules before their first post or message. Adding a rule later asks no one again.',
  },
  links: {
    title: 'Links',
    one: 'link',
    max: 20,
    detailLabel: 'Address',
    detailOf: (i: Item) => ('url' in i ? i.url : ''),
    schema: communityLinkBodySchema,
    bodyOf: (v: Values) => ({ title: v.title, url: v.detail.trim() }),
    detailField: 'url',
    description: 'Shown on the About tab of the community page, in this order.',
  },
} as const;

const ownKeys = { onKeyDown: (e: { stopPropagation: () => void }) => e.stopPropagation() };

/** Checks the values with the contracts schema; the field errors keyed `title` and `detail`, or the body. */
function check(kind: OrderedKind, values: Values) {
  const k = KINDS[kind];
  const body = k.bodyOf(values);
  const parsed = k.schema.safeParse(body);
  if (parsed.success) return { body: parsed.data as { title: string; description?: string; url?: string } };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) === 'title' ? 'title' : 'detail';
    errors[field] ??= issue.message;
  }
  return { errors };
}

function serverErrors(kind: OrderedKind, error: unknown): Record<string, string> {
  const fields = isApiError(error) ? fieldErrorsOf(error) : {};
  const out: Record<string, string> = {};
  if (fields.title) out.title = fields.title;
  const detail = fields[KINDS[kind].detailField];
  if (detail) out.detail = detail;
  return out;
}

function ItemFields(props: {
  kind: OrderedKind;
  values: Values;
  errors: Record<string, string>;
  onChange: (v: Values) => void;
  dense?: boolean;
}) {
  const k = KINDS[props.kind];
  return (
    <>
      <TextField
        label="Title"
        required
        size={props.dense ? 'small' : 'medium'}
        fullWidth
        margin="dense"
        value={props.values.title}
        onChange={(e) => props.onChange({ ...props.values, title: e.target.value })}
        error={Boolean(props.errors.title)}
        helperText={props.errors.title}
      />
      <TextField
        label={k.detailLabel}
        required={props.kind === 'links'}
        type={props.kind === 'links' ? 'url' : 'text'}
        placeholder={props.kind === 'links' ? 'https://' : undefined}
        size={props.dense ? 'small' : 'medium'}
        fullWidth
        margin="dense"
        multiline={props.kind === 'rules'}
        minRows={props.kind === 'rules' && !props.dense ? 3 : undefined}
        value={props.values.detail}
        onChange={(e) => props.onChange({ ...props.values, detail: e.target.value })}
        error={Boolean(props.errors.detail)}
        helperText={props.errors.detail}
      />
    </>
  );
}

function EditDialog(props: { communityId: string; kind: OrderedKind; item: Item; onClose: () => void }) {
  const k = KINDS[props.kind];
  const titleId = useId();
  const [values, setValues] = useState<Values>({ title: props.item.title, detail: k.detailOf(props.item) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [save, saving] = useSettingsSaveOrderedMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const checked = check(props.kind, values);
    if (!checked.body) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const r = await save({ id: props.communityId, kind: props.kind, itemId: props.item.id, body: checked.body });
    if ('error' in r) {
      const fields = serverErrors(props.kind, r.error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(messageOf(r.error, `The ${k.one} was not saved.`));
      return;
    }
    toast.success(`The ${k.one} was saved.`);
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
        <DialogTitle id={titleId}>Edit the {k.one}</DialogTitle>
        <DialogContent>
          <ItemFields kind={props.kind} values={values} errors={errors} onChange={setValues} />
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
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function AddForm(props: { communityId: string; kind: OrderedKind; full: boolean }) {
  const k = KINDS[props.kind];
  const [values, setValues] = useState<Values>({ title: '', detail: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [save, saving] = useSettingsSaveOrderedMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const checked = check(props.kind, values);
    if (!checked.body) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const r = await save({ id: props.communityId, kind: props.kind, body: checked.body });
    if ('error' in r) {
      const fields = serverErrors(props.kind, r.error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(messageOf(r.error, `The ${k.one} was not added.`));
      return;
    }
    setValues({ title: '', detail: '' });
    toast.success(`The ${k.one} was added.`);
  };
  return (
    <Box component="form" noValidate aria-label={`Add a ${k.one}`} onSubmit={(e) => void submit(e)} sx={{ mt: 2 }}>
      <ItemFields kind={props.kind} values={values} errors={errors} onChange={setValues} dense />
      {formError && (
        <InlineAlert severity="error" sx={{ my: 1 }}>
          {formError}
        </InlineAlert>
      )}
      {props.full && (
        <InlineAlert severity="info" sx={{ my: 1 }}>
          A community holds at most {k.max} {k.title.toLowerCase()}. Delete one to add another.
        </InlineAlert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button type="submit" variant="contained" disabled={saving.isLoading || props.full}>
          Add {k.one}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * One ordered list (rules or links): the kit's table in the list's own order, where a row is dragged to its new
 * place or moved with Alt+Up/Down; each move is saved at once with the reorder route (every id, in order).
 */
function OrderedSection(props: { community: Community; kind: OrderedKind }) {
  const c = props.community;
  const k = KINDS[props.kind];
  const q = useSettingsOrderedQuery({ id: c.id, kind: props.kind });
  const [reorder] = useSettingsReorderMutation();
  const [editing, setEditing] = useState<Item | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [remove, removal] = useSettingsDeleteOrderedMutation();
  const rows = useMemo(() => [...(q.data ?? [])].sort((a, b) => a.position - b.position), [q.data]);

  const onReorder = async (ids: string[]) => {
    const r = await reorder({ id: c.id, kind: props.kind, ids });
    if ('error' in r) toast.error(messageOf(r.error, `The new order of the ${k.title.toLowerCase()} was not saved.`));
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    const r = await remove({ id: c.id, kind: props.kind, itemId: deleting.id });
    if ('error' in r) {
      setDeleteError(messageOf(r.error, `The ${k.one} was not deleted.`));
      return;
    }
    toast.success(`The ${k.one} was deleted.`);
    setDeleting(null);
  };

  const columns = useMemo(
    (): DataTableColumn<Item>[] => [
      { id: 'position', header: '#', width: 48, sortable: false, numeric: true, value: (i) => i.position },
      { id: 'title', header: 'Title', width: 220, sortable: false, hideable: false, value: (i) => i.title },
      { id: 'detail', header: k.detailLabel, width: 320, fill: true, sortable: false, value: (i) => k.detailOf(i) },
      {
        id: 'actions',
        header: 'Actions',
        headerHidden: true,
        width: 150,
        sortable: false,
        hideable: false,
        exported: false,
        value: () => null,
        render: (i) => (
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            <Button size="small" aria-label={`Edit ${i.title}`} onClick={() => setEditing(i)} {...ownKeys}>
              Edit
            </Button>
            <Button
              size="small"
              color="error"
              aria-label={`Delete ${i.title}`}
              onClick={() => setDeleting(i)}
              {...ownKeys}
            >
              Delete
            </Button>
          </Box>
        ),
      },
    ],
    [k],
  );

  return (
    <SettingsSection title={k.title} description={k.description}>
      <DataTable
        label={k.title}
        columns={columns}
        rows={rows}
        getRowId={(i) => i.id}
        rowTestId={(i) => `${k.one}-row-${i.position}`}
        height={tableHeight(rows.length, k.max)}
        onReorderRows={(ids) => void onReorder(ids)}
        status={q.isLoading ? 'loading' : q.isError ? 'error' : 'ready'}
        error={{
          title: `The ${k.title.toLowerCase()} could not be loaded.`,
          message: messageOf(q.error, ''),
          onRetry: () => void q.refetch(),
        }}
        empty={{ title: `No ${k.title.toLowerCase()} yet.`, description: `Add the first ${k.one} below.` }}
      />
      <AddForm communityId={c.id} kind={props.kind} full={rows.length >= k.max} />
      {editing && <EditDialog communityId={c.id} kind={props.kind} item={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the ${k.one} “${deleting?.title ?? ''}”?`}
        confirmLabel={`Delete ${k.one}`}
        busy={removal.isLoading}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onClose={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
      >
        It is removed from the community page at once.
      </ConfirmDialog>
    </SettingsSection>
  );
}

/** Tab Rules & links: both ordered lists, added to, edited, deleted and reordered. */
export function RulesLinksTab(props: { community: Community }) {
  return (
    <Box>
      <OrderedSection community={props.community} kind="rules" />
      <OrderedSection community={props.community} kind="links" />
    </Box>
  );
}
