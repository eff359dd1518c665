import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { Layout } from '@tradedesk/contracts';
import { type FormEvent, useId, useState } from 'react';
import type { ApiError } from '../../../shared/api/api-error';
import { useFormatters } from '../../../shared/format/format-preferences';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { DeleteDialog } from './delete-dialog';
import { useDeleteLayoutMutation, useLayoutsQuery, useRenameLayoutMutation } from './saved-charts-api';

/** The longest layout name the server takes (`/layouts` name). */
const LAYOUT_NAME_MAX = 60;

const countLabel = (n: number) => `${n} chart${n === 1 ? '' : 's'}`;
const messageOf = (error: unknown) => (error as ApiError)?.message || 'Something went wrong; try again.';

function RenameRow(props: { layout: Layout; onDone(layout?: Layout): void }) {
  const [name, setName] = useState(props.layout.name);
  const [error, setError] = useState<string | null>(null);
  const [rename, { isLoading }] = useRenameLayoutMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setError('Give the layout a name.');
    if (trimmed === props.layout.name) return props.onDone();
    try {
      props.onDone(await rename({ id: props.layout.id, version: props.layout.version, name: trimmed }).unwrap());
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', width: 1 }}>
      <TextField
        size="small"
        label="Layout name"
        value={name}
        autoFocus
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            props.onDone();
          }
        }}
        error={error !== null}
        helperText={error ?? ' '}
        slotProps={{ htmlInput: { maxLength: LAYOUT_NAME_MAX } }}
        sx={{ flexGrow: 1 }}
      />
      <Button type="submit" variant="contained" size="small" loading={isLoading} sx={{ mt: 0.5 }}>
        Save
      </Button>
      <Button size="small" onClick={() => props.onDone()} sx={{ mt: 0.5 }}>
        Cancel
      </Button>
    </Box>
  );
}

/**
 * The saved layouts: open one, rename it, or delete it after a confirmation. The open layout's rename and
 * delete are reported to the workspace (`onRenamed`, `onDeleted`) so its autosave keeps the new version and
 * a deleted layout's active chart stays on screen.
 */
export function LayoutsDialog(props: {
  currentId: string | null;
  onClose(): void;
  onOpen(id: string): void;
  onRenamed(layout: Layout): void;
  onDeleted(id: string): void;
}) {
  const titleId = useId();
  const f = useFormatters();
  const layouts = useLayoutsQuery();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Layout | null>(null);
  const [remove] = useDeleteLayoutMutation();
  const list = layouts.data ?? [];
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Saved layouts</DialogTitle>
      <DialogContent dividers sx={{ p: 0, minHeight: 160 }}>
        {layouts.isLoading && <LoadingState label="Loading your layouts" />}
        {layouts.isError && (
          <ErrorState
            title="The layouts could not be loaded."
            message={messageOf(layouts.error)}
            onRetry={() => void layouts.refetch()}
          />
        )}
        {layouts.isSuccess && list.length === 0 && (
          <EmptyState
            title="No saved layouts yet."
            description="Choose 2 charts or more in the layout menu: the charts on screen become a layout, saved as you work."
          />
        )}
        {list.length > 0 && (
          <List aria-label="Saved layouts" dense>
            {list.map((layout) =>
              renaming === layout.id ? (
                <ListItem key={layout.id}>
                  <RenameRow
                    layout={layout}
                    onDone={(renamed) => {
                      setRenaming(null);
                      if (renamed && renamed.id === props.currentId) props.onRenamed(renamed);
                    }}
                  />
                </ListItem>
              ) : (
                <ListItem
                  key={layout.id}
                  disablePadding
                  secondaryAction={
                    <Box sx={{ display: 'flex', gap: 0.5 }}>
                      <Tooltip title="Rename">
                        <IconButton
                          size="small"
                          aria-label={`Rename ${layout.name}`}
                          onClick={() => setRenaming(layout.id)}
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title="Delete">
                        <IconButton
                          size="small"
                          aria-label={`Delete ${layout.name}`}
                          onClick={() => setDeleting(layout)}
                        >
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Box>
                  }
                >
                  <ListItemButton
                    selected={layout.id === props.currentId}
                    onClick={() => {
                      props.onOpen(layout.id);
                      props.onClose();
                    }}
                    sx={{ pr: 12 }}
                  >
                    <ListItemText
                      primary={layout.id === props.currentId ? `${layout.name} (open)` : layout.name}
                      secondary={`${countLabel(layout.count)} · saved ${f.dateTime(layout.updatedAt)}`}
                    />
                  </ListItemButton>
                </ListItem>
              ),
            )}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
      {deleting && (
        <DeleteDialog
          name={deleting.name}
          description={`The layout is deleted; its saved charts are kept and stay in Open saved chart.${
            deleting.id === props.currentId ? ' The chart that was active stays on screen on its own.' : ''
          }`}
          onClose={() => setDeleting(null)}
          onDelete={async () => {
            await remove(deleting.id).unwrap();
            props.onDeleted(deleting.id);
          }}
        />
      )}
    </Dialog>
  );
}
