import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type HelpPost, type HelpPublishBody, helpPublishBodySchema } from '@tradedesk/contracts';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../../shared/api/api-error';
import { formMessage } from '../../../shared/forms/server-errors';
import { toast } from '../../../shared/toast/toast';
import { FormDialog } from '../../helpcenter/posts/form-dialog';
import {
  useEditHelpPostMutation,
  useHelpPostsQuery,
  usePublishHelpPostMutation,
} from '../../helpcenter/posts/posts-api';

export type PublishKind = 'announcement' | 'update' | 'tutorial';

export const KIND_NOUN: Record<PublishKind, string> = {
  announcement: 'announcement',
  update: 'update',
  tutorial: 'tutorial',
};

type Fields = { title: string; body: string; version: string; videoUrl: string; featureIds: string[] };

function fieldsOf(post: HelpPost | null): Fields {
  return {
    title: post?.title ?? '',
    body: post?.body ?? '',
    version: post?.version ?? '',
    videoUrl: post?.videoUrl ?? '',
    featureIds: post?.featureIds ?? [],
  };
}

/** The body the contracts take: only the fields of the kind, and no empty optional ones. */
function bodyOf(kind: PublishKind, fields: Fields): Record<string, unknown> {
  const body: Record<string, unknown> = { title: fields.title.trim(), body: fields.body.trim() };
  if (kind === 'update') {
    if (fields.version.trim()) body.version = fields.version.trim();
    body.featureIds = fields.featureIds;
  }
  if (kind === 'tutorial' && fields.videoUrl.trim()) body.videoUrl = fields.videoUrl.trim();
  return body;
}

/** Staff: publish an announcement, an update (with its version and the requests it ships) or a tutorial; or edit one. */
export function PublishDialog(props: { kind: PublishKind; post: HelpPost | null; onClose: () => void }) {
  const { kind, post } = props;
  const [fields, setFields] = useState<Fields>(() => fieldsOf(post));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [publish, publishing] = usePublishHelpPostMutation();
  const [edit, editing] = useEditHelpPostMutation();
  const busy = publishing.isLoading || editing.isLoading;
  const features = useHelpPostsQuery(
    { kind: 'feature', status: 'all_requests', sort: 'votes', page: 1, limit: 50 },
    { skip: kind !== 'update' },
  );
  const shippable = features.data?.items ?? [];
  const noun = KIND_NOUN[kind];

  const set = (name: keyof Fields) => (value: Fields[keyof Fields]) => {
    setFields((f) => ({ ...f, [name]: value }));
    setErrors((e) => {
      const { [name]: _, ...rest } = e;
      return rest;
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert(null);
    const parsed = helpPublishBodySchema.safeParse(bodyOf(kind, fields));
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? '');
        found[name] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    const body: HelpPublishBody = parsed.data;
    const result = post ? await edit({ kind, id: post.id, body }) : await publish({ kind, body });
    if ('error' in result) {
      const byField = isApiError(result.error) ? fieldErrorsOf(result.error) : {};
      if (Object.keys(byField).length > 0) setErrors(byField);
      else setAlert(isApiError(result.error) ? formMessage(result.error) : 'Something went wrong. Please try again.');
      return;
    }
    toast.success(post ? `The ${noun} was saved.` : `The ${noun} was published.`);
    props.onClose();
  };

  return (
    <FormDialog
      open={true}
      title={post ? `Edit the ${noun}` : `New ${noun}`}
      busy={busy}
      submitLabel={post ? 'Save' : 'Publish'}
      alert={alert}
      maxWidth="md"
      onClose={props.onClose}
      onSubmit={submit}
    >
      <TextField
        label="Title"
        required
        fullWidth
        margin="dense"
        autoFocus
        value={fields.title}
        onChange={(e) => set('title')(e.target.value)}
        error={Boolean(errors.title)}
        helperText={errors.title}
      />
      <TextField
        label="Text"
        required
        fullWidth
        multiline
        minRows={6}
        margin="dense"
        value={fields.body}
        onChange={(e) => set('body')(e.target.value)}
        error={Boolean(errors.body)}
        helperText={errors.body ?? 'Plain text: line breaks are kept and links become clickable.'}
      />
      {kind === 'update' && (
        <>
          <TextField
            label="Version"
            fullWidth
            margin="dense"
            placeholder="1.4.0"
            value={fields.version}
            onChange={(e) => set('version')(e.target.value)}
            error={Boolean(errors.version)}
            helperText={errors.version}
          />
          <TextField
            select
            label="Feature requests it ships"
            fullWidth
            margin="dense"
            value={fields.featureIds}
            onChange={(e) => set('featureIds')(e.target.value as unknown as string[])}
            error={Boolean(errors.featureIds)}
            helperText={errors.featureIds ?? 'They are set to done and link to this update.'}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (ids) => `${(ids as string[]).length} selected`,
              },
            }}
          >
            {shippable.map((f) => (
              <MenuItem key={f.id} value={f.id}>
                <Checkbox size="small" checked={fields.featureIds.includes(f.id)} />
                <ListItemText primary={f.title} />
              </MenuItem>
            ))}
          </TextField>
        </>
      )}
      {kind === 'tutorial' && (
        <TextField
          label="Video link (https)"
          type="url"
          fullWidth
          margin="dense"
          value={fields.videoUrl}
          onChange={(e) => set('videoUrl')(e.target.value)}
          error={Boolean(errors.videoUrl)}
          helperText={errors.videoUrl}
        />
      )}
    </FormDialog>
  );
}
