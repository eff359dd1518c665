import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CHART_NAME_MAX } from '@tradedesk/contracts';
import { type FormEvent, useId, useState } from 'react';
import type { ApiError } from '../../../shared/api/api-error';
import { useFormatters } from '../../../shared/format/format-preferences';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { TIMEFRAMES } from '../model/timeframes';
import { DeleteDialog } from './delete-dialog';
import { useSavedChartsQuery } from './saved-charts-api';

export type ChartsMenuProps = {
  /** The active chart's saved chart, or null while it is not saved. */
  chartId: string | null;
  chartName: string | null;
  /** A suggested name for "Save as" ("EURUSD 15m"). */
  suggestedName: string;
  onSaveAs(name: string): Promise<void>;
  /** Writes the saved chart's changes now (the way to save them when autosave is off); absent while unsaved. */
  onSave?(): void;
  /** Autosave is off and the saved chart has changes not yet written. */
  unsaved?: boolean;
  onRename(name: string): Promise<void>;
  onOpen(id: string): void;
  onNew(): void;
  onDelete(): Promise<void>;
};

type Dialogs = 'save' | 'rename' | 'open' | 'delete' | null;

function messageOf(error: unknown): string {
  const e = error as ApiError;
  return e?.message || 'Something went wrong; try again.';
}

function NameDialog(props: {
  title: string;
  initial: string;
  action: string;
  onClose(): void;
  onSubmit(name: string): Promise<void>;
}) {
  const titleId = useId();
  const [name, setName] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Name is required.');
      return;
    }
    setBusy(true);
    try {
      await props.onSubmit(trimmed);
      props.onClose();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Chart name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!!error}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: CHART_NAME_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={busy}>
            {props.action}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function OpenChartDialog(props: { currentId: string | null; onClose(): void; onOpen(id: string): void }) {
  const titleId = useId();
  const f = useFormatters();
  const charts = useSavedChartsQuery();
  const label = (tf: string) => TIMEFRAMES.find((t) => t.id === tf)?.label ?? tf;
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Open a saved chart</DialogTitle>
      <DialogContent sx={{ minHeight: 160 }}>
        {charts.isLoading && <LoadingState label="Loading your saved charts" />}
        {charts.isError && (
          <ErrorState
            title="Your saved charts could not be loaded."
            message={messageOf(charts.error)}
            onRetry={() => void charts.refetch()}
            retrying={charts.isFetching}
          />
        )}
        {charts.data?.length === 0 && (
          <EmptyState title="No saved charts yet" description="Save this chart from the charts menu to find it here." />
        )}
        {charts.data && charts.data.length > 0 && (
          <List aria-label="Saved charts" dense>
            {charts.data.map((c) => (
              <ListItemButton
                key={c.id}
                selected={c.id === props.currentId}
                onClick={() => {
                  props.onOpen(c.id);
                  props.onClose();
                }}
              >
                <ListItemText
                  primary={c.name}
                  secondary={`${c.symbol} · ${label(c.timeframe)} · changed ${f.dateTime(Date.parse(c.updatedAt))}`}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The toolbar's charts menu: save the saved chart's changes, save the chart as a new saved chart, rename, open another, new chart, delete. */
export function ChartsMenu(props: ChartsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const menuId = useId();
  const name = props.chartName ?? 'Unsaved chart';
  const pick = (d: Dialogs) => {
    setAnchor(null);
    setDialog(d);
  };
  return (
    <Box>
      <Button
        size="small"
        color="inherit"
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={`Charts menu: ${name}${props.unsaved ? ' (unsaved changes)' : ''}`}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ maxWidth: 200, textTransform: 'none', fontStyle: props.chartId ? 'normal' : 'italic' }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {name}
          {props.unsaved ? ' •' : ''}
        </Box>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {props.chartId && props.onSave && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              props.onSave?.();
            }}
          >
            Save{props.unsaved ? ' changes' : ''}
          </MenuItem>
        )}
        <MenuItem onClick={() => pick('save')}>Save as new chart…</MenuItem>
        <MenuItem onClick={() => pick('rename')} disabled={!props.chartId}>
          Rename…
        </MenuItem>
        <MenuItem onClick={() => pick('open')}>Open saved chart…</MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            props.onNew();
          }}
        >
          New chart
        </MenuItem>
        <Divider />
        <MenuItem onClick={() => pick('delete')} disabled={!props.chartId} sx={{ color: 'error.main' }}>
          Delete chart…
        </MenuItem>
      </Menu>
      {dialog === 'save' && (
        <NameDialog
          title="Save as new chart"
          initial={props.suggestedName}
          action="Save"
          onClose={() => setDialog(null)}
          onSubmit={props.onSaveAs}
        />
      )}
      {dialog === 'rename' && (
        <NameDialog
          title="Rename chart"
          initial={props.chartName ?? ''}
          action="Rename"
          onClose={() => setDialog(null)}
          onSubmit={props.onRename}
        />
      )}
      {dialog === 'open' && (
        <OpenChartDialog currentId={props.chartId} onClose={() => setDialog(null)} onOpen={props.onOpen} />
      )}
      {dialog === 'delete' && (
        <DeleteDialog
          name={name}
          description="The saved chart and its drawings are deleted. The chart stays on screen, unsaved."
          onClose={() => setDialog(null)}
          onDelete={props.onDelete}
        />
      )}
    </Box>
  );
}
