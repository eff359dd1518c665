import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { isApiError } from '../../../../shared/api/api-error';
import { EmptyState } from '../../../../shared/states/empty-state';
import { ErrorState } from '../../../../shared/states/error-state';
import { InlineAlert } from '../../../../shared/states/inline-alert';
import { LoadingState } from '../../../../shared/states/loading-state';
import { ConfirmDialog } from '../../../settings/components/confirm-dialog';
import { useAiMediaQuery, useDeleteAiMediaMutation, useUploadAiMediaMutation } from '../agents-api';
import { type AiMediaItem, MEDIA_KINDS, MEDIA_PAGE_SIZE, type MediaKind } from '../agents-types';
import { fileSize, fileTypeProblem, MEDIA_ACCEPT } from '../media-types';

function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

/**
 * The user's media library (issue 14 item 5): documents, images and scanned images, each listed page 1 of 10 at a
 * time (spec section 9), with upload (scanned images are read by OCR on the server) and delete. With `onPick`,
 * files can be ticked and handed back (an agent's knowledge, a message's attachments).
 */
export function MediaLibraryDialog(props: {
  open: boolean;
  onClose: () => void;
  onPick?: (items: AiMediaItem[]) => void;
  pickLabel?: string;
  initialKind?: MediaKind;
}) {
  const [kind, setKind] = useState<MediaKind>(props.initialKind ?? 'document');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Map<string, AiMediaItem>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AiMediaItem | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const media = useAiMediaQuery({ kind, page }, { skip: !props.open });
  const [upload, uploadState] = useUploadAiMediaMutation();
  const [remove, removeState] = useDeleteAiMediaMutation();

  const total = media.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / MEDIA_PAGE_SIZE));
  const items = media.data?.items ?? [];

  const togglePick = (item: AiMediaItem) =>
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(item.id)) next.delete(item.id);
      else next.set(item.id, item);
      return next;
    });

  async function onFiles(files: FileList | null) {
    setProblem(null);
    const list = [...(files ?? [])];
    for (const file of list) {
      const wrongType = fileTypeProblem(file, kind);
      if (wrongType) {
        setProblem(wrongType);
        return;
      }
    }
    for (const file of list) {
      try {
        await upload({ file, scanned: kind === 'scanned' }).unwrap();
      } catch (error) {
        setProblem(messageOf(error, `${file.name} could not be uploaded. Try again.`));
        return;
      }
    }
    setPage(1);
  }

  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Media library</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5, alignContent: 'start', minHeight: 420 }}>
        <Tabs
          value={kind}
          onChange={(_e, value: MediaKind) => {
            setKind(value);
            setPage(1);
            setProblem(null);
          }}
          aria-label="Media kinds"
        >
          {MEDIA_KINDS.map((k) => (
            <Tab key={k} value={k} label={MEDIA_ACCEPT[k].label} />
          ))}
        </Tabs>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<UploadFile />}
            onClick={() => fileInput.current?.click()}
            disabled={uploadState.isLoading}
          >
            {uploadState.isLoading
              ? kind === 'scanned'
                ? 'Reading the text…'
                : 'Uploading…'
              : `Upload ${MEDIA_ACCEPT[kind].label.toLowerCase()}`}
          </Button>
          <Typography variant="caption" color="text.secondary">
            {MEDIA_ACCEPT[kind].hint}
          </Typography>
          <input
            ref={fileInput}
            type="file"
            hidden
            multiple
            accept={MEDIA_ACCEPT[kind].accept}
            aria-label={`Choose ${MEDIA_ACCEPT[kind].label.toLowerCase()} to upload`}
            onChange={(event) => {
              void onFiles(event.target.files);
              event.target.value = '';
            }}
          />
        </Box>
        {problem && <InlineAlert severity="error">{problem}</InlineAlert>}
        {media.isLoading ? (
          <LoadingState label="Loading the media library" />
        ) : media.isError ? (
          <ErrorState
            title="The media library could not be loaded."
            message={messageOf(media.error, '')}
            onRetry={() => void media.refetch()}
            retrying={media.isFetching}
          />
        ) : items.length === 0 ? (
          <EmptyState
            title={`No ${MEDIA_ACCEPT[kind].label.toLowerCase()} yet.`}
            description="Upload one: the assistant and your agents can then read and cite it."
          />
        ) : (
          <List dense aria-label={MEDIA_ACCEPT[kind].label}>
            {items.map((item) => (
              <ListItem
                key={item.id}
                secondaryAction={
                  <IconButton edge="end" aria-label={`Delete ${item.name}`} onClick={() => setDeleting(item)}>
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                }
              >
                {props.onPick && (
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Checkbox
                      edge="start"
                      checked={picked.has(item.id)}
                      onChange={() => togglePick(item)}
                      slotProps={{ input: { 'aria-label': `Select ${item.name}` } }}
                    />
                  </ListItemIcon>
                )}
                <ListItemText
                  primary={item.name}
                  secondary={`${fileSize(item.size)} · ${new Date(item.lastModified).toLocaleDateString()}`}
                />
              </ListItem>
            ))}
          </List>
        )}
        {total > MEDIA_PAGE_SIZE && (
          <Box
            component="nav"
            aria-label="Media pages"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'center' }}
          >
            <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous page
            </Button>
            <Typography variant="body2">
              Page {page} of {pages}
            </Typography>
            <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next page
            </Button>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{props.onPick ? 'Cancel' : 'Close'}</Button>
        {props.onPick && (
          <Button
            variant="contained"
            disabled={picked.size === 0}
            onClick={() => {
              props.onPick?.([...picked.values()]);
              setPicked(new Map());
            }}
          >
            {props.pickLabel ?? 'Add selected'}
            {picked.size > 0 ? ` (${picked.size})` : ''}
          </Button>
        )}
      </DialogActions>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this file?"
        confirmLabel="Delete file"
        busy={removeState.isLoading}
        error={removeState.isError ? messageOf(removeState.error, 'The file could not be deleted. Try again.') : null}
        onClose={() => {
          setDeleting(null);
          removeState.reset();
        }}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove(deleting.id).unwrap();
            setPicked((current) => {
              const next = new Map(current);
              next.delete(deleting.id);
              return next;
            });
            setDeleting(null);
          } catch {
            // Shown in the dialog.
          }
        }}
      >
        {deleting?.name} is removed from your library and from every agent and folder that uses it as knowledge.
      </ConfirmDialog>
    </Dialog>
  );
}
