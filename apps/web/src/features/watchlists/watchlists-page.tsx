import Add from '@mui/icons-material/Add';
import MoreVert from '@mui/icons-material/MoreVert';
import Star from '@mui/icons-material/Star';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Watchlist } from '@tradedesk/contracts';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ApiError } from '../../shared/api/api-error';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { SymbolSearchDialog } from '../symbol-search/lazy-symbol-search-dialog';
import { WatchlistTable } from './watchlist-table';
import {
  useAddWatchlistSymbolMutation,
  useCreateWatchlistMutation,
  useDeleteWatchlistMutation,
  useDuplicateWatchlistMutation,
  useRemoveWatchlistSymbolMutation,
  useSetDefaultWatchlistMutation,
  useUpdateWatchlistMutation,
  useWatchlistsQuery,
} from './watchlists-api';

export function shareUrl(token: string): string {
  return `${window.location.origin}/shared/watchlists/${encodeURIComponent(token)}`;
}

function NameDialog(props: {
  open: boolean;
  title: string;
  initial: string;
  action: string;
  onClose: () => void;
  onSubmit: (name: string) => Promise<string | null>;
}) {
  const [name, setName] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = await props.onSubmit(name.trim());
    setError(problem);
    if (!problem) props.onClose();
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby="watchlist-name-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="watchlist-name-title">{props.title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!!error}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            {props.action}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

type Dialogs = 'create' | 'rename' | 'delete' | 'share' | 'search' | null;

/**
 * The watchlists (spec sections 2, 3 and 7): the lists as horizontal tabs, the chosen one's symbols with live
 * simulated prices; add through the symbol search, remove, reorder by dragging; rename, duplicate, make the
 * default, share a read-only link, create and delete.
 */
export function WatchlistsPage() {
  const navigate = useNavigate();
  const lists = useWatchlistsQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [notice, setNotice] = useState<{ severity: 'error' | 'success'; text: string } | null>(null);
  const [create] = useCreateWatchlistMutation();
  const [update] = useUpdateWatchlistMutation();
  const [remove] = useDeleteWatchlistMutation();
  const [addSymbol] = useAddWatchlistSymbolMutation();
  const [removeSymbol] = useRemoveWatchlistSymbolMutation();
  const [duplicate] = useDuplicateWatchlistMutation();
  const [makeDefault] = useSetDefaultWatchlistMutation();

  const all = lists.data ?? [];
  const current: Watchlist | undefined = all.find((l) => l.id === chosen) ?? all[0];

  const failed = (error: unknown) => (error as ApiError | undefined)?.message || 'Something went wrong.';

  const close = () => setDialog(null);
  const act = (next: Dialogs) => {
    setMenu(null);
    setDialog(next);
  };

  if (lists.isLoading) return <LoadingState label="Loading watchlists" />;
  if (lists.isError)
    return (
      <ErrorState
        title="The watchlists could not be loaded."
        message={failed(lists.error)}
        onRetry={() => void lists.refetch()}
      />
    );

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Watchlists
        </Typography>
        <Chip size="small" label="Simulated market" variant="outlined" />
        <Button startIcon={<Add />} onClick={() => setDialog('create')}>
          New list
        </Button>
      </Box>

      {all.length === 0 || !current ? (
        <EmptyState
          title="No watchlists yet."
          description="Make a list of the instruments you follow."
          action={
            <Button variant="contained" onClick={() => setDialog('create')}>
              Create a watchlist
            </Button>
          }
        />
      ) : (
        <Paper variant="outlined">
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              borderBottom: 1,
              borderColor: 'divider',
              pr: 1,
            }}
          >
            <Tabs
              value={current.id}
              onChange={(_e, id: string) => {
                setChosen(id);
                setNotice(null);
              }}
              variant="scrollable"
              aria-label="Watchlists"
              sx={{ flexGrow: 1, minWidth: 0 }}
            >
              {all.map((l) => (
                <Tab
                  key={l.id}
                  value={l.id}
                  label={l.name}
                  icon={l.isDefault ? <Star fontSize="small" aria-label="default" /> : undefined}
                  iconPosition="start"
                />
              ))}
            </Tabs>
            <Button startIcon={<Add />} onClick={() => setDialog('search')}>
              Add symbol
            </Button>
            <IconButton aria-label="List actions" onClick={(e) => setMenu(e.currentTarget)}>
              <MoreVert />
            </IconButton>
            <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
              <MenuItem onClick={() => act('rename')}>Rename</MenuItem>
              <MenuItem
                onClick={async () => {
                  setMenu(null);
                  const r = await duplicate(current.id);
                  if ('data' in r && r.data) setChosen(r.data.id);
                }}
              >
                Duplicate
              </MenuItem>
              <MenuItem
                disabled={current.isDefault}
                onClick={() => {
                  setMenu(null);
                  void makeDefault(current.id);
                }}
              >
                Set as default
              </MenuItem>
              <MenuItem onClick={() => act('share')}>Share link</MenuItem>
              <MenuItem onClick={() => act('delete')} sx={{ color: 'error.main' }}>
                Delete
              </MenuItem>
            </Menu>
          </Box>
          {notice && (
            <Alert severity={notice.severity} onClose={() => setNotice(null)} sx={{ m: 1 }}>
              {notice.text}
            </Alert>
          )}
          {current.symbols.length === 0 ? (
            <EmptyState
              title="This list is empty."
              description="Add the instruments you want to follow."
              action={<Button onClick={() => setDialog('search')}>Add symbol</Button>}
            />
          ) : (
            <WatchlistTable
              label={`${current.name} symbols`}
              rows={current.symbols}
              live
              onReorder={(ids) => void update({ id: current.id, symbolIds: ids })}
              onRemove={(row) => void removeSymbol({ id: current.id, symbolId: row.id })}
              onOpen={(row) => navigate(`/chart?symbol=${encodeURIComponent(row.ticker)}`)}
              exportName={`watchlist-${current.name.replace(/[^\w .-]+/g, '-')}`}
            />
          )}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 2, py: 1 }}>
            Prices: Simulated market. Change is against the previous day's close.
          </Typography>
        </Paper>
      )}

      {dialog === 'create' && (
        <NameDialog
          open
          title="New watchlist"
          initial=""
          action="Create"
          onClose={close}
          onSubmit={async (name) => {
            const r = await create(name ? { name } : {});
            if ('error' in r) return failed(r.error);
            setChosen(r.data.id);
            return null;
          }}
        />
      )}
      {dialog === 'rename' && current && (
        <NameDialog
          open
          title="Rename watchlist"
          initial={current.name}
          action="Rename"
          onClose={close}
          onSubmit={async (name) => {
            const r = await update({ id: current.id, name });
            return 'error' in r ? failed(r.error) : null;
          }}
        />
      )}
      {dialog === 'delete' && current && (
        <Dialog open onClose={close} aria-labelledby="watchlist-delete-title">
          <DialogTitle id="watchlist-delete-title">Delete “{current.name}”?</DialogTitle>
          <DialogContent>
            <DialogContentText>
              The list and its {current.symbols.length} symbols are deleted
              {current.shareToken ? ', and its share link stops working' : ''}. This cannot be undone.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button
              color="error"
              variant="contained"
              onClick={async () => {
                close();
                await remove(current.id);
                setChosen(null);
              }}
            >
              Delete
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {dialog === 'share' && current && (
        <ShareDialog
          list={current}
          onClose={close}
          onShare={async (shared) => {
            const r = await update({ id: current.id, shared });
            return 'error' in r ? failed(r.error) : null;
          }}
        />
      )}
      <SymbolSearchDialog
        open={dialog === 'search'}
        title={current ? `Add to ${current.name}` : 'Search symbols'}
        onClose={close}
        onPick={async (picked) => {
          close();
          if (!current) return;
          const r = await addSymbol({ id: current.id, source: picked.source, ticker: picked.ticker });
          setNotice(
            'error' in r
              ? { severity: 'error', text: failed(r.error) }
              : { severity: 'success', text: `${picked.ticker} added to ${current.name}.` },
          );
        }}
      />
    </Box>
  );
}

function ShareDialog(props: {
  list: Watchlist;
  onClose: () => void;
  onShare: (shared: boolean) => Promise<string | null>;
}) {
  const { list } = props;
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const url = list.shareToken ? shareUrl(list.shareToken) : null;
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="watchlist-share-title" fullWidth maxWidth="sm">
      <DialogTitle id="watchlist-share-title">Share “{list.name}”</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5 }}>
        <DialogContentText>
          Anyone with the link sees the list, read-only, as it is now. Stopping sharing turns the link off.
        </DialogContentText>
        {url ? (
          <TextField
            label="Share link"
            value={url}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'share-link' } }}
            onFocus={(e) => e.target.select()}
          />
        ) : (
          <Typography variant="body2">This list is not shared.</Typography>
        )}
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        {url ? (
          <>
            <Button color="error" onClick={async () => setError(await props.onShare(false))}>
              Stop sharing
            </Button>
            <Button
              onClick={async () => {
                await navigator.clipboard?.writeText(url).catch(() => undefined);
                setCopied(true);
              }}
            >
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={async () => setError(await props.onShare(true))}>
            Create link
          </Button>
        )}
        <Button onClick={props.onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}

export { WatchlistsPage as Component };
