import Add from '@mui/icons-material/Add';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  NEWS_FOLDER_DEFAULT_COLOR,
  type NewsFolder,
  type NewsProvider,
  type NewsProviderRef,
} from '@tradedesk/contracts';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { toast } from '../../../shared/toast/toast';
import {
  useCreateNewsFolderMutation,
  useDeleteNewsFolderMutation,
  useNewsFoldersQuery,
  useNewsProvidersQuery,
  useNewsUnreadQuery,
  useUpdateNewsFolderMutation,
} from '../news-api';
import { newsFolderPath, newsPath } from '../news-url';

export const FOLDER_COLORS = ['#8861E4', '#00DF80', '#2F80ED', '#F2994A', '#EB5757', '#F2C94C'] as const;

/** The swatches' names, said by screen readers in place of the hex code. */
export const FOLDER_COLOR_NAMES: Record<(typeof FOLDER_COLORS)[number], string> = {
  '#8861E4': 'Purple',
  '#00DF80': 'Green',
  '#2F80ED': 'Blue',
  '#F2994A': 'Orange',
  '#EB5757': 'Red',
  '#F2C94C': 'Yellow',
};

/** A folder's unread count: the sum of its providers' unread counts. */
export function folderUnread(folder: NewsFolder, counts: Map<string, number>): number {
  return [...folder.sections.providers, ...folder.sections.integrations].reduce(
    (sum, p) => sum + (counts.get(p.id) ?? 0),
    0,
  );
}

function UnreadCount(props: { count: number | undefined }) {
  if (!props.count) return null;
  return (
    <Box
      component="span"
      aria-label={`${props.count} unread`}
      sx={{ fontSize: 11, fontWeight: 700, px: 0.75, borderRadius: 1, bgcolor: 'action.selected' }}
    >
      {props.count}
    </Box>
  );
}

function ProviderLink(props: { provider: NewsProviderRef; current: string | null; unread: Map<string, number> }) {
  return (
    <ListItemButton
      component={RouterLink}
      to={newsPath(props.provider.id)}
      selected={props.current === props.provider.id}
      aria-current={props.current === props.provider.id ? 'page' : undefined}
      sx={{ pl: 3, py: 0.25 }}
    >
      <ListItemText primary={props.provider.name} slotProps={{ primary: { noWrap: true, sx: { fontSize: 13 } } }} />
      <UnreadCount count={props.unread.get(props.provider.id)} />
    </ListItemButton>
  );
}

/** The news screen's left column: all news, every provider with its unread count, and the user's folders. */
export function NewsFolders(props: { provider: string | null; folder: string }) {
  const folders = useNewsFoldersQuery();
  const providers = useNewsProvidersQuery();
  const unread = useNewsUnreadQuery();
  const [update] = useUpdateNewsFolderMutation();
  const [dialog, setDialog] = useState<{ folder: NewsFolder | null } | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; folder: NewsFolder } | null>(null);
  const [deleting, setDeleting] = useState<NewsFolder | null>(null);
  const counts = new Map((unread.data?.providers ?? []).map((p) => [p.id, p.unread]));
  const builtIn = (providers.data ?? []).filter((p) => p.kind === 'simulated');
  const feeds = (providers.data ?? []).filter((p) => p.kind === 'feed');

  return (
    <Box component="nav" aria-label="News folders" sx={{ overflowY: 'auto', height: '100%' }}>
      <List dense disablePadding component="div">
        <ListItemButton
          component={RouterLink}
          to={newsPath()}
          selected={props.provider === null && !props.folder}
          aria-current={props.provider === null && !props.folder ? 'page' : undefined}
        >
          <ListItemText primary="All news" slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
          <UnreadCount count={unread.data?.total} />
        </ListItemButton>
        <ListSubheader component="div" disableSticky sx={{ lineHeight: '32px' }}>
          Providers
        </ListSubheader>
        {builtIn.map((p) => (
          <ProviderLink key={p.id} provider={p} current={props.provider} unread={counts} />
        ))}
        <ListSubheader component="div" disableSticky sx={{ lineHeight: '32px' }}>
          Integrations
        </ListSubheader>
        {feeds.length === 0 && providers.isSuccess && (
          <Typography variant="caption" component="p" sx={{ px: 3, color: 'text.secondary' }}>
            No feeds configured (NEWS_FEEDS).
          </Typography>
        )}
        {feeds.map((p) => (
          <ProviderLink key={p.id} provider={p} current={props.provider} unread={counts} />
        ))}
        <Box sx={{ display: 'flex', alignItems: 'center', pr: 0.5 }}>
          <ListSubheader component="div" disableSticky sx={{ lineHeight: '32px', flexGrow: 1 }}>
            Folders
          </ListSubheader>
          <IconButton size="small" aria-label="New folder" onClick={() => setDialog({ folder: null })}>
            <Add fontSize="small" />
          </IconButton>
        </Box>
        {folders.data?.length === 0 && (
          <Typography variant="caption" component="p" sx={{ px: 3, color: 'text.secondary' }}>
            Group providers into folders with +.
          </Typography>
        )}
        {folders.data?.map((folder) => (
          <Box key={folder.id} role="group" aria-label={`Folder ${folder.name}`}>
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              <IconButton
                size="small"
                aria-label={`${folder.isOpen ? 'Close' : 'Open'} folder ${folder.name}`}
                aria-expanded={folder.isOpen}
                onClick={() => void update({ id: folder.id, body: { is_open: !folder.isOpen } })}
                sx={{ ml: 0.25 }}
              >
                {folder.isOpen ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
              </IconButton>
              <ListItemButton
                component={RouterLink}
                to={newsFolderPath(folder.id)}
                selected={props.folder === folder.id}
                aria-current={props.folder === folder.id ? 'page' : undefined}
                sx={{ py: 0.25, pl: 0.5, minWidth: 0 }}
              >
                <Box
                  aria-hidden
                  sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: folder.color, mr: 1, flexShrink: 0 }}
                />
                <ListItemText primary={folder.name} slotProps={{ primary: { noWrap: true, sx: { fontSize: 13 } } }} />
                <UnreadCount count={folderUnread(folder, counts)} />
              </ListItemButton>
              <IconButton
                size="small"
                aria-label={`Folder actions: ${folder.name}`}
                onClick={(e) => setMenu({ anchor: e.currentTarget, folder })}
              >
                <MoreVert fontSize="small" />
              </IconButton>
            </Box>
            {folder.isOpen && (
              <List dense disablePadding component="div" role="group" aria-label={`${folder.name} providers`}>
                {(['providers', 'integrations'] as const).map((section) =>
                  folder.sections[section].length ? (
                    <Box key={section}>
                      <Typography variant="caption" sx={{ pl: 3, color: 'text.secondary' }}>
                        {section === 'providers' ? 'Providers' : 'Integrations'}
                      </Typography>
                      <List dense disablePadding component="div">
                        {folder.sections[section].map((p) => (
                          <ProviderLink key={p.id} provider={p} current={props.provider} unread={counts} />
                        ))}
                      </List>
                    </Box>
                  ) : null,
                )}
                {!folder.sections.providers.length && !folder.sections.integrations.length && (
                  <Typography component="p" variant="caption" sx={{ pl: 3, color: 'text.secondary' }}>
                    No providers in this folder.
                  </Typography>
                )}
              </List>
            )}
          </Box>
        ))}
      </List>
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setDialog({ folder: menu?.folder ?? null });
            setMenu(null);
          }}
        >
          Edit folder
        </MenuItem>
        <MenuItem
          onClick={() => {
            setDeleting(menu?.folder ?? null);
            setMenu(null);
          }}
          sx={{ color: 'error.main' }}
        >
          Delete folder
        </MenuItem>
      </Menu>
      {dialog && (
        <FolderDialog folder={dialog.folder} providers={providers.data ?? []} onClose={() => setDialog(null)} />
      )}
      {deleting && <DeleteFolderDialog folder={deleting} onClose={() => setDeleting(null)} />}
    </Box>
  );
}

/** Create or edit a folder: name, colour and the providers it holds. */
function FolderDialog(props: { folder: NewsFolder | null; providers: NewsProvider[]; onClose: () => void }) {
  const { folder } = props;
  const [name, setName] = useState(folder?.name ?? '');
  const [color, setColor] = useState(folder?.color ?? NEWS_FOLDER_DEFAULT_COLOR);
  const [chosen, setChosen] = useState<string[]>(
    folder ? [...folder.sections.providers, ...folder.sections.integrations].map((p) => p.id) : [],
  );
  const [error, setError] = useState<string | null>(null);
  const [create, creating] = useCreateNewsFolderMutation();
  const [update, updating] = useUpdateNewsFolderMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { name: name.trim(), color, providers: chosen };
    if (!body.name) return setError('Name is required.');
    const result = folder ? await update({ id: folder.id, body }) : await create({ ...body, is_open: true });
    if ('error' in result)
      return setError(isApiError(result.error) ? result.error.message : 'The folder could not be saved.');
    props.onClose();
  };
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="news-folder-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="news-folder-title">{folder ? 'Edit folder' : 'New folder'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 1.5 }}>
          <TextField
            autoFocus
            margin="dense"
            label="Name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <Box role="radiogroup" aria-label="Colour" sx={{ display: 'flex', gap: 1 }}>
            {FOLDER_COLORS.map((c) => (
              <Box
                key={c}
                component="button"
                type="button"
                role="radio"
                aria-checked={color.toLowerCase() === c.toLowerCase()}
                aria-label={`Colour ${FOLDER_COLOR_NAMES[c]}`}
                onClick={() => setColor(c)}
                sx={{
                  width: 28,
                  height: 28,
                  borderRadius: '50%',
                  bgcolor: c,
                  cursor: 'pointer',
                  border: 2,
                  borderColor: color.toLowerCase() === c.toLowerCase() ? 'text.primary' : 'transparent',
                }}
              />
            ))}
          </Box>
          <Box role="group" aria-label="Providers in this folder" sx={{ display: 'grid' }}>
            {props.providers.map((p) => (
              <FormControlLabel
                key={p.id}
                label={`${p.name}${p.kind === 'feed' ? ' (integration)' : ''}`}
                control={
                  <Checkbox
                    size="small"
                    checked={chosen.includes(p.id)}
                    onChange={(e) =>
                      setChosen((ids) => (e.target.checked ? [...ids, p.id] : ids.filter((id) => id !== p.id)))
                    }
                  />
                }
              />
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={creating.isLoading || updating.isLoading}>
            {folder ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function DeleteFolderDialog(props: { folder: NewsFolder; onClose: () => void }) {
  const [remove, state] = useDeleteNewsFolderMutation();
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="news-folder-delete-title">
      <DialogTitle id="news-folder-delete-title">Delete the folder “{props.folder.name}”?</DialogTitle>
      <DialogContent>
        <DialogContentText>The folder goes; its providers and their news stay.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} autoFocus>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={state.isLoading}
          onClick={async () => {
            const result = await remove(props.folder.id);
            if ('error' in result)
              toast.show({
                variant: 'error',
                title: 'The folder could not be deleted.',
                message: isApiError(result.error) ? result.error.message : undefined,
              });
            props.onClose();
          }}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
