import AddComment from '@mui/icons-material/AddCommentOutlined';
import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import PushPin from '@mui/icons-material/PushPin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { toast } from '../../../shared/toast/toast';
import { ConfirmDialog } from '../../settings/components/confirm-dialog';
import {
  useAiChatsQuery,
  useAiFoldersQuery,
  useBulkDeleteAiChatsMutation,
  useCreateAiFolderMutation,
  useDeleteAiChatMutation,
  useDeleteAiFolderMutation,
  useUpdateAiChatMutation,
  useUpdateAiFolderMutation,
} from '../ai-api';
import { AI_FOLDER_TYPES, type AiChat, type AiFolder, type AiFolderType } from '../ai-wire';

const FOLDER_COLOURS = ['#00DF80', '#8861E4', '#F5A623', '#4A90E2', '#E94B3C', '#9B9B9B'];

/** Selection mode of the chats list: turning it off clears the selection (spec section 4). */
export function selectionAfterToggle(on: boolean, selected: ReadonlySet<string>): Set<string> {
  return on ? new Set(selected) : new Set();
}

/**
 * A folder's dialog: a new folder, or an existing one (`folder`) to edit or delete. Deleting asks first; the
 * folder's chats and prompts stay, outside any folder.
 */
function FolderDialog(props: { folder?: AiFolder; onClose: () => void; onDeleted?: () => void }) {
  const { folder } = props;
  const [create, creating] = useCreateAiFolderMutation();
  const [update, updating] = useUpdateAiFolderMutation();
  const [remove, removing] = useDeleteAiFolderMutation();
  const [name, setName] = useState(folder?.name ?? '');
  const [color, setColor] = useState<string>(folder?.color ?? (FOLDER_COLOURS[0] as string));
  const [type, setType] = useState<AiFolderType>(folder?.type ?? 'CHAT');
  const [instructions, setInstructions] = useState(folder?.instructions ?? '');
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const busy = creating.isLoading || updating.isLoading || removing.isLoading;
  const save = async () => {
    const body = { name: name.trim(), color, type, instructions: instructions.trim() || undefined };
    try {
      if (folder) await update({ id: folder.id, body: { ...body, instructions: instructions.trim() } }).unwrap();
      else await create(body).unwrap();
      props.onClose();
    } catch (e) {
      const fallback = folder ? 'The folder could not be saved.' : 'The folder could not be created.';
      setError(isApiError(e) && e.message ? e.message : fallback);
    }
  };
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="ai-folder-title" fullWidth maxWidth="xs">
      <DialogTitle id="ai-folder-title">{folder ? 'Edit folder' : 'New folder'}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField required label="Name" value={name} onChange={(e) => setName(e.target.value.slice(0, 60))} />
        <Box role="radiogroup" aria-label="Colour" sx={{ display: 'flex', gap: 1 }}>
          {FOLDER_COLOURS.map((c) => (
            <Box
              key={c}
              component="button"
              type="button"
              role="radio"
              aria-checked={color === c}
              aria-label={`Colour ${c}`}
              onClick={() => setColor(c)}
              sx={{
                width: 24,
                height: 24,
                borderRadius: '50%',
                bgcolor: c,
                border: 2,
                borderColor: color === c ? 'text.primary' : 'transparent',
                cursor: 'pointer',
              }}
            />
          ))}
        </Box>
        <TextField select label="Holds" value={type} onChange={(e) => setType(e.target.value as AiFolderType)}>
          {AI_FOLDER_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t.charAt(0) + t.slice(1).toLowerCase()}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          multiline
          minRows={2}
          label="Instructions for chats in this folder (optional)"
          value={instructions}
          onChange={(e) => setInstructions(e.target.value.slice(0, 4000))}
        />
        {error && (
          <Typography role="alert" color="error" variant="body2">
            {error}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        {folder && (
          <Button color="error" sx={{ mr: 'auto' }} disabled={busy} onClick={() => setConfirmDelete(true)}>
            Delete folder
          </Button>
        )}
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" disabled={!name.trim() || busy} onClick={save}>
          {folder ? 'Save folder' : 'Create folder'}
        </Button>
      </DialogActions>
      {folder && (
        <ConfirmDialog
          open={confirmDelete}
          title={`Delete the folder “${folder.name}”?`}
          confirmLabel="Delete folder"
          busy={removing.isLoading}
          onClose={() => setConfirmDelete(false)}
          onConfirm={async () => {
            try {
              await remove(folder.id).unwrap();
              toast.success(`Folder “${folder.name}” deleted. Its chats and prompts are kept.`);
              props.onDeleted?.();
              props.onClose();
            } catch {
              setConfirmDelete(false);
              setError('The folder could not be deleted. Try again.');
            }
          }}
        >
          Its chats and prompts are kept, outside any folder; its instructions are deleted.
        </ConfirmDialog>
      )}
    </Dialog>
  );
}

function ChatMenu(props: { chat: AiChat; onRename: () => void; onDelete: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [update] = useUpdateAiChatMutation();
  const folders = useAiFoldersQuery();
  const { chat } = props;
  const patch = (p: Parameters<typeof update>[0]['patch']) => {
    setAnchor(null);
    void update({ id: chat.id, patch: p });
  };
  return (
    <>
      <IconButton size="small" aria-label={`Actions for ${chat.title}`} onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVert fontSize="inherit" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => patch({ pinned: !chat.pinned })}>{chat.pinned ? 'Unpin' : 'Pin'}</MenuItem>
        <MenuItem onClick={() => patch({ archived: !chat.archived })}>
          {chat.archived ? 'Unarchive' : 'Archive'}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            props.onRename();
          }}
        >
          Rename
        </MenuItem>
        {chat.folderId && <MenuItem onClick={() => patch({ folderId: null })}>Remove from folder</MenuItem>}
        {(folders.data ?? [])
          .filter((f) => f.id !== chat.folderId)
          .map((f) => (
            <MenuItem key={f.id} onClick={() => patch({ folderId: f.id })}>
              Move to {f.name}
            </MenuItem>
          ))}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            props.onDelete();
          }}
          sx={{ color: 'error.main' }}
        >
          Delete
        </MenuItem>
      </Menu>
    </>
  );
}

/**
 * The chats sidebar: a new chat, search, archived chats, folders with their colours (a folder filters the list),
 * chats pinned first, each with pin, archive, rename, move and delete; selection mode for deleting several.
 */
export function ChatSidebar(props: { current: string; onOpen: (id: string) => void; onNew: () => void }) {
  const [search, setSearch] = useState('');
  const [archived, setArchived] = useState(false);
  const [folderId, setFolderId] = useState<string | null>(null);
  const chats = useAiChatsQuery({ search, archived, folderId });
  const folders = useAiFoldersQuery();
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirmBulk, setConfirmBulk] = useState(false);
  const [deleting, setDeleting] = useState<AiChat | null>(null);
  const [renaming, setRenaming] = useState<AiChat | null>(null);
  const [title, setTitle] = useState('');
  const [newFolder, setNewFolder] = useState(false);
  const [editingFolder, setEditingFolder] = useState<AiFolder | null>(null);
  const [bulkDelete, bulk] = useBulkDeleteAiChatsMutation();
  const [deleteChat, single] = useDeleteAiChatMutation();
  const [update] = useUpdateAiChatMutation();
  const list = [...(chats.data?.chats ?? [])].sort((a, b) => Number(b.pinned) - Number(a.pinned));
  const folderOf = (id: string | null) => folders.data?.find((f) => f.id === id);

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Box
      component="nav"
      aria-label="Chats"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1, alignContent: 'start', minWidth: 0 }}
    >
      <Button variant="contained" startIcon={<AddComment />} onClick={props.onNew}>
        New chat
      </Button>
      <TextField
        size="small"
        type="search"
        label="Search chats"
        value={search}
        onChange={(e) => setSearch(e.target.value.slice(0, 200))}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }} aria-label="Folders" role="group">
        <Chip
          size="small"
          label="All chats"
          variant={folderId === null ? 'filled' : 'outlined'}
          onClick={() => setFolderId(null)}
        />
        {(folders.data ?? []).map((f) => (
          <Chip
            key={f.id}
            size="small"
            label={f.name}
            variant={folderId === f.id ? 'filled' : 'outlined'}
            onClick={() => setFolderId(folderId === f.id ? null : f.id)}
            icon={<Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: f.color, ml: 1 }} />}
          />
        ))}
        {folderOf(folderId) && (
          <IconButton
            size="small"
            aria-label={`Edit folder ${folderOf(folderId)?.name ?? ''}`}
            onClick={() => setEditingFolder(folderOf(folderId) ?? null)}
          >
            <EditOutlined fontSize="inherit" />
          </IconButton>
        )}
        <IconButton size="small" aria-label="New folder" onClick={() => setNewFolder(true)}>
          <CreateNewFolderOutlined fontSize="inherit" />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <FormControlLabel
          control={<Switch size="small" checked={archived} onChange={(e) => setArchived(e.target.checked)} />}
          label="Archived"
        />
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={selecting}
              onChange={(e) => {
                setSelecting(e.target.checked);
                setSelected((s) => selectionAfterToggle(e.target.checked, s));
              }}
            />
          }
          label="Select"
        />
      </Box>
      {selecting && (
        <Button color="error" size="small" disabled={selected.size === 0} onClick={() => setConfirmBulk(true)}>
          Delete selected ({selected.size})
        </Button>
      )}
      {chats.isError && (
        <Typography variant="body2" color="error">
          Your chats could not be loaded.
        </Typography>
      )}
      {chats.data && list.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {search ? 'No chat matches.' : archived ? 'No archived chats.' : 'No chats yet. Ask a question to start one.'}
        </Typography>
      )}
      <List dense disablePadding aria-label="Chat list">
        {list.map((chat) => {
          const folder = folderOf(chat.folderId);
          return (
            <ListItem
              key={chat.id}
              disablePadding
              secondaryAction={
                selecting ? undefined : (
                  <ChatMenu
                    chat={chat}
                    onRename={() => {
                      setRenaming(chat);
                      setTitle(chat.title);
                    }}
                    onDelete={() => setDeleting(chat)}
                  />
                )
              }
            >
              {selecting && (
                <Checkbox
                  size="small"
                  checked={selected.has(chat.id)}
                  onChange={() => toggle(chat.id)}
                  slotProps={{ input: { 'aria-label': `Select ${chat.title}` } }}
                />
              )}
              <ListItemButton
                sx={{ minWidth: 0 }}
                selected={chat.id === props.current}
                onClick={() => (selecting ? toggle(chat.id) : props.onOpen(chat.id))}
              >
                {folder && (
                  <Box
                    component="span"
                    title={folder.name}
                    sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: folder.color, mr: 1, flexShrink: 0 }}
                  />
                )}
                <ListItemText
                  primary={chat.title}
                  slotProps={{ primary: { noWrap: true, variant: 'body2' } }}
                  sx={{ minWidth: 0 }}
                />
                {chat.pinned && <PushPin fontSize="inherit" aria-label="Pinned" sx={{ ml: 0.5 }} />}
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {newFolder && <FolderDialog onClose={() => setNewFolder(false)} />}
      {editingFolder && (
        <FolderDialog
          folder={editingFolder}
          onClose={() => setEditingFolder(null)}
          onDeleted={() => setFolderId(null)}
        />
      )}
      <ConfirmDialog
        open={confirmBulk}
        title={`Delete ${selected.size} ${selected.size === 1 ? 'chat' : 'chats'}?`}
        confirmLabel="Delete chats"
        busy={bulk.isLoading}
        onClose={() => setConfirmBulk(false)}
        onConfirm={async () => {
          try {
            await bulkDelete([...selected]).unwrap();
            if (selected.has(props.current)) props.onNew();
            toast.success(`${selected.size} ${selected.size === 1 ? 'chat' : 'chats'} deleted.`);
            setSelected(new Set());
            setSelecting(false);
          } catch {
            toast.error('The chats could not be deleted. Try again.');
          }
          setConfirmBulk(false);
        }}
      >
        Their messages and any public links to them are deleted. This cannot be undone.
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.title ?? ''}”?`}
        confirmLabel="Delete chat"
        busy={single.isLoading}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteChat(deleting.id).unwrap();
            if (deleting.id === props.current) props.onNew();
          } catch {
            toast.error('The chat could not be deleted. Try again.');
          }
          setDeleting(null);
        }}
      >
        Its messages and any public link to it are deleted. This cannot be undone.
      </ConfirmDialog>
      <Dialog open={renaming !== null} onClose={() => setRenaming(null)} aria-labelledby="ai-rename-title">
        <DialogTitle id="ai-rename-title">Rename chat</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <TextField
            autoFocus
            fullWidth
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.target.value.slice(0, 120))}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRenaming(null)}>Cancel</Button>
          <Button
            variant="contained"
            disabled={!title.trim()}
            onClick={() => {
              if (renaming) void update({ id: renaming.id, patch: { title: title.trim() } });
              setRenaming(null);
            }}
          >
            Rename
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
