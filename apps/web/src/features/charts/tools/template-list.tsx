import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { ChartTemplate } from '@tradedesk/contracts';
import { type FormEvent, useId, useState } from 'react';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import { apiErrorMessage } from '../indicators/errors';
import { useDeleteTemplateMutation, useSetDefaultTemplateMutation, useUpdateTemplateMutation } from './tools-api';

/**
 * A user's templates of one kind: apply, make default (one default per kind), rename in place, delete after
 * asking. Failures show above the list; the list's own loading and failed states are the caller's query's.
 */
export function TemplateList(props: {
  label: string;
  templates: ChartTemplate[];
  status: 'loading' | 'succeeded' | 'failed';
  onRetry(): void;
  /** The template the chart shows now, marked in the list. */
  activeId?: string;
  applyLabel: string;
  onApply(template: ChartTemplate): void;
  /** Text of the empty list. */
  empty: string;
  /** What the default does, shown on the star's tooltip; left out, the list offers no default. */
  defaultHint?: string;
}) {
  const [update, updating] = useUpdateTemplateMutation();
  const [remove, removing] = useDeleteTemplateMutation();
  const [makeDefault, defaulting] = useSetDefaultTemplateMutation();
  const [error, setError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<ChartTemplate | null>(null);
  const titleId = useId();
  const busy = updating.isLoading || removing.isLoading || defaulting.isLoading;

  const run = async (call: Promise<{ error?: unknown }>, fallback: string) => {
    setError(null);
    const r = await call;
    if (r.error) {
      setError(apiErrorMessage(r.error, fallback));
      return false;
    }
    return true;
  };
  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (!renaming) return;
    const t = props.templates.find((x) => x.id === renaming.id);
    if (!t) return;
    const name = renaming.name.trim();
    if (await run(update({ id: t.id, kind: t.kind, name }), 'The template could not be renamed.')) setRenaming(null);
  };

  if (props.status === 'loading') return <LoadingState label={`Loading ${props.label.toLowerCase()}`} />;
  if (props.status === 'failed') {
    return (
      <InlineAlert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={props.onRetry}>
            Try again
          </Button>
        }
      >
        {props.label} could not be loaded.
      </InlineAlert>
    );
  }
  return (
    <Box>
      {error && (
        <InlineAlert severity="error" sx={{ my: 1 }}>
          {error}
        </InlineAlert>
      )}
      {props.templates.length === 0 ? (
        <InlineAlert severity="info" sx={{ my: 1 }}>
          {props.empty}
        </InlineAlert>
      ) : (
        <List dense aria-label={props.label} sx={{ maxHeight: 260, overflow: 'auto' }}>
          {props.templates.map((t) =>
            renaming?.id === t.id ? (
              <ListItem key={t.id} component="form" onSubmit={rename} sx={{ gap: 1 }}>
                <TextField
                  autoFocus
                  size="small"
                  label={`New name for ${t.name}`}
                  value={renaming.name}
                  onChange={(e) => setRenaming({ id: t.id, name: e.target.value })}
                  slotProps={{ htmlInput: { maxLength: 60 } }}
                  sx={{ flexGrow: 1 }}
                />
                <Button type="submit" size="small" variant="contained" disabled={busy || !renaming.name.trim()}>
                  Save name
                </Button>
                <Button size="small" onClick={() => setRenaming(null)}>
                  Cancel
                </Button>
              </ListItem>
            ) : (
              <ListItem key={t.id} sx={{ gap: 0.5, pr: 1 }}>
                <ListItemText
                  primary={t.name}
                  secondary={t.id === props.activeId ? 'On this chart' : undefined}
                  slotProps={{ primary: { noWrap: true } }}
                  sx={{ minWidth: 0 }}
                />
                {t.isDefault && props.defaultHint && (
                  <Chip size="small" label="Default" color="primary" variant="outlined" />
                )}
                <Button size="small" onClick={() => props.onApply(t)} aria-label={`${props.applyLabel} ${t.name}`}>
                  {props.applyLabel}
                </Button>
                {props.defaultHint && (
                  <Tooltip title={t.isDefault ? `${t.name} is the default` : props.defaultHint}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Make ${t.name} the default`}
                        aria-pressed={t.isDefault}
                        disabled={busy || t.isDefault}
                        onClick={() =>
                          void run(makeDefault({ id: t.id, kind: t.kind }), 'The default could not be changed.')
                        }
                      >
                        {t.isDefault ? (
                          <StarIcon fontSize="small" color="warning" />
                        ) : (
                          <StarBorderIcon fontSize="small" />
                        )}
                      </IconButton>
                    </span>
                  </Tooltip>
                )}
                <IconButton
                  size="small"
                  aria-label={`Rename ${t.name}`}
                  onClick={() => setRenaming({ id: t.id, name: t.name })}
                >
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" aria-label={`Delete ${t.name}`} onClick={() => setDeleting(t)}>
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </ListItem>
            ),
          )}
        </List>
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Delete “{deleting?.name}”?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The template is deleted for good.
            {deleting?.isDefault ? ' Another of your templates of this kind becomes the default.' : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)} autoFocus>
            Cancel
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={removing.isLoading}
            onClick={async () => {
              if (!deleting) return;
              const t = deleting;
              setDeleting(null);
              await run(remove({ id: t.id, kind: t.kind }), 'The template could not be deleted.');
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
