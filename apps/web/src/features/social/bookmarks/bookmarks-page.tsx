import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BookmarkFolder } from '@tradedesk/contracts';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { ConfirmDialog } from '../posts/confirm-dialog';
import { InlineError } from '../posts/inline-error';
import { PostCard } from '../posts/post-card';
import {
  useBookmarkFoldersQuery,
  useBookmarksQuery,
  useCreateBookmarkFolderMutation,
  useDeleteBookmarkFolderMutation,
  useRenameBookmarkFolderMutation,
} from './bookmarks-api';

const LIMIT = 10;

/** Name a new folder, or rename one. */
function FolderNameDialog(props: { folder: BookmarkFolder | null; onClose: () => void }) {
  const [name, setName] = useState(props.folder?.name ?? '');
  const [create, creating] = useCreateBookmarkFolderMutation();
  const [rename, renaming] = useRenameBookmarkFolderMutation();
  const save = async () => {
    const value = name.trim();
    const done = props.folder ? await rename({ id: props.folder.id, name: value }) : await create(value);
    if (!('error' in done)) props.onClose();
  };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby="folder-name-title">
      <DialogTitle id="folder-name-title">{props.folder ? 'Rename folder' : 'New folder'}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField
          autoFocus
          fullWidth
          label="Folder name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <InlineError error={creating.error ?? renaming.error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!name.trim() || creating.isLoading || renaming.isLoading}
          onClick={() => void save()}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Bookmarks (/community/bookmarks): folders on the side (create, rename, delete), the chosen folder's posts. */
export function BookmarksPage() {
  const [params, setParams] = useSearchParams();
  const folderId = params.get('folder') ?? undefined;
  const [page, setPage] = useState(1);
  const folders = useBookmarkFoldersQuery();
  const list = useBookmarksQuery({ folderId, page, limit: LIMIT });
  const [naming, setNaming] = useState<BookmarkFolder | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BookmarkFolder | null>(null);
  const [remove, removing] = useDeleteBookmarkFolderMutation();
  const current = folders.data?.find((f) => f.id === folderId) ?? null;

  const choose = (id: string | null) => {
    setPage(1);
    setParams(id ? { folder: id } : {}, { replace: true });
  };

  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto', p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Button component={RouterLink} to="/community" startIcon={<ArrowBack />}>
          Feed
        </Button>
        <Typography variant="h5" component="h1">
          Bookmarks
        </Typography>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Box component="nav" aria-label="Bookmark folders" sx={{ width: { md: 260 }, flexShrink: 0 }}>
          {folders.isLoading ? (
            <LoadingState label="Loading folders" />
          ) : folders.isError ? (
            <ErrorState title="The folders could not be loaded." onRetry={() => void folders.refetch()} />
          ) : (
            <List dense>
              <ListItem disablePadding>
                <ListItemButton selected={!folderId} onClick={() => choose(null)}>
                  <ListItemText primary="All bookmarks" />
                </ListItemButton>
              </ListItem>
              {(folders.data ?? []).map((f) => (
                <ListItem key={f.id} disablePadding>
                  <ListItemButton selected={f.id === folderId} onClick={() => choose(f.id)}>
                    <ListItemText primary={f.name} secondary={`${f.count} ${f.count === 1 ? 'post' : 'posts'}`} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button size="small" onClick={() => setNaming('new')}>
              New folder
            </Button>
            {current && (
              <>
                <Button size="small" onClick={() => setNaming(current)}>
                  Rename folder
                </Button>
                <Button size="small" color="error" onClick={() => setDeleting(current)}>
                  Delete folder
                </Button>
              </>
            )}
          </Stack>
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {list.isLoading ? (
            <LoadingState label="Loading bookmarks" variant="rows" rows={3} />
          ) : list.isError || !list.data ? (
            <ErrorState title="The bookmarks could not be loaded." onRetry={() => void list.refetch()} />
          ) : list.data.items.length === 0 ? (
            <EmptyState
              title={current ? `No bookmarks in ${current.name}.` : 'No bookmarks yet.'}
              description="Bookmark posts from the feed with the bookmark button."
            />
          ) : (
            <Stack spacing={1.5}>
              {list.data.items.map((b) => (
                <PostCard key={b.post.id} post={b.post} bookmarkFolderId={b.folderId} />
              ))}
              {list.data.total > LIMIT && (
                <Pagination
                  count={Math.ceil(list.data.total / LIMIT)}
                  page={page}
                  onChange={(_e, p) => setPage(p)}
                  sx={{ alignSelf: 'center' }}
                  aria-label="Pages of bookmarks"
                />
              )}
            </Stack>
          )}
        </Box>
      </Stack>
      {naming && <FolderNameDialog folder={naming === 'new' ? null : naming} onClose={() => setNaming(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the folder ${deleting?.name ?? ''}?`}
        text="Its bookmarks stay, with no folder."
        confirmLabel="Delete folder"
        busy={removing.isLoading}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          void remove(deleting.id).then((r) => {
            setDeleting(null);
            if (!('error' in r)) choose(null);
          })
        }
      />
    </Box>
  );
}

export const Component = BookmarksPage;
