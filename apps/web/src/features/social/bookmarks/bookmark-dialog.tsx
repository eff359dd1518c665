import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { LoadingState } from '../../../shared/states/loading-state';
import { InlineError } from '../posts/inline-error';
import {
  useAddBookmarkMutation,
  useBookmarkFoldersQuery,
  useCreateBookmarkFolderMutation,
  useMoveBookmarkMutation,
  useRemoveBookmarkMutation,
} from './bookmarks-api';

const NONE = 'none';

/**
 * Bookmark a post into a folder (or none), or, when it is bookmarked already, move it or remove the bookmark.
 * A new folder can be made here too.
 */
export function BookmarkDialog(props: {
  postId: string;
  bookmarked: boolean;
  currentFolderId?: string | null;
  onClose: () => void;
}) {
  const folders = useBookmarkFoldersQuery();
  const [choice, setChoice] = useState<string>(props.currentFolderId ?? NONE);
  const [newName, setNewName] = useState('');
  const [add, adding] = useAddBookmarkMutation();
  const [move, moving] = useMoveBookmarkMutation();
  const [remove, removing] = useRemoveBookmarkMutation();
  const [create, creating] = useCreateBookmarkFolderMutation();
  const error = adding.error ?? moving.error ?? removing.error ?? creating.error;
  const busy = adding.isLoading || moving.isLoading || removing.isLoading;

  const save = async () => {
    const folderId = choice === NONE ? null : choice;
    const args = { postId: props.postId, folderId };
    const done = props.bookmarked ? await move(args) : await add(args);
    if (!('error' in done)) props.onClose();
  };
  const makeFolder = async () => {
    const done = await create(newName.trim());
    if ('data' in done && done.data) {
      setChoice(done.data.id);
      setNewName('');
    }
  };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby="bookmark-dialog-title">
      <DialogTitle id="bookmark-dialog-title">{props.bookmarked ? 'Move bookmark' : 'Bookmark post'}</DialogTitle>
      <DialogContent>
        {folders.isLoading ? (
          <LoadingState label="Loading folders" />
        ) : (
          <RadioGroup aria-label="Bookmark folder" value={choice} onChange={(e) => setChoice(e.target.value)}>
            <FormControlLabel value={NONE} control={<Radio />} label="No folder" />
            {(folders.data ?? []).map((f) => (
              <FormControlLabel key={f.id} value={f.id} control={<Radio />} label={`${f.name} (${f.count})`} />
            ))}
          </RadioGroup>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <TextField
            size="small"
            label="New folder"
            value={newName}
            onChange={(e) => setNewName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <Button disabled={!newName.trim() || creating.isLoading} onClick={() => void makeFolder()}>
            Create
          </Button>
        </Stack>
        <InlineError error={error} />
      </DialogContent>
      <DialogActions>
        {props.bookmarked && (
          <Button
            color="error"
            disabled={busy}
            onClick={() => void remove(props.postId).then((r) => !('error' in r) && props.onClose())}
          >
            Remove bookmark
          </Button>
        )}
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>
          {props.bookmarked ? 'Move' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
