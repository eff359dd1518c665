import Close from '@mui/icons-material/Close';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  TRADE_IMPORT_FORMAT_NAMES,
  TRADE_IMPORT_FORMATS,
  TRADE_IMPORT_MAX_BYTES,
  TRADE_IMPORT_MAX_ROWS,
  type TradeImport,
  type TradeImportFormat,
  type TradeImportProblem,
  type TradingAccount,
} from '@tradedesk/contracts';
import { type DragEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../shared/api/api-error';
import { DataTable } from '../../shared/data-table/data-table';
import type { DataTableColumn } from '../../shared/data-table/data-table-types';
import { useFormatters } from '../../shared/format/format-preferences';
import { InlineAlert } from '../../shared/states/inline-alert';
import { closeImportDialog } from './import-dialog-store';
import { useStartTradeImportMutation, useTradeImportQuery } from './imports-api';

/** How often a running import's progress is asked for. */
export const IMPORT_POLL_MS = 500;

type ProblemRow = TradeImportProblem & { id: string };

const problemColumns: DataTableColumn<ProblemRow>[] = [
  { id: 'line', header: 'Line', numeric: true, width: 70, value: (p) => p.line },
  {
    id: 'severity',
    header: 'Kind',
    width: 90,
    value: (p) => (p.severity === 'error' ? 'Error' : 'Warning'),
    render: (p) => (
      <Box component="span" sx={{ color: p.severity === 'error' ? 'error.main' : 'warning.main', fontWeight: 600 }}>
        {p.severity === 'error' ? 'Error' : 'Warning'}
      </Box>
    ),
  },
  { id: 'message', header: 'What', width: 520, value: (p) => p.message },
];

const megabytes = Math.round(TRADE_IMPORT_MAX_BYTES / (1024 * 1024));

/**
 * "Import trades" of an imported account: a report (MetaTrader 5 or 4 HTML, MetaTrader 5 CSV or a generic CSV)
 * picked or dropped, its format told automatically or chosen, then the import's progress and its result: trades
 * imported, balance rows, duplicates (already imported, not booked again), and the lines with errors or warnings.
 */
export function ImportTradesDialog(props: { account: TradingAccount }) {
  const { account } = props;
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<TradeImportFormat | 'auto'>('auto');
  const [timeZone, setTimeZone] = useState('');
  const [dragging, setDragging] = useState(false);
  const [importId, setImportId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [start, starting] = useStartTradeImportMutation();
  const [polling, setPolling] = useState(true);
  const progress = useTradeImportQuery(
    { accountId: account.id, importId: importId ?? '' },
    { skip: !importId, pollingInterval: polling ? IMPORT_POLL_MS : 0 },
  );
  const state: TradeImport | undefined = importId && progress.data?.id === importId ? progress.data : undefined;
  // polling stops once the import is finished
  useEffect(() => {
    if (state && state.status !== 'processing') setPolling(false);
  }, [state]);

  function pick(f: File | undefined) {
    if (!f) return;
    setFile(f);
    setError(null);
    setFields({});
    if (f.size > TRADE_IMPORT_MAX_BYTES) {
      setFields({ file: `The file is larger than ${megabytes} MB, the most one import takes.` });
    }
  }

  async function submit() {
    if (!file) {
      setFields({ file: 'Choose the report to import.' });
      return;
    }
    setError(null);
    setFields({});
    try {
      const started = await start({
        accountId: account.id,
        file,
        format,
        ...(timeZone.trim() ? { timeZone: timeZone.trim() } : {}),
      }).unwrap();
      setPolling(started.status === 'processing');
      setImportId(started.id);
    } catch (e) {
      if (!isApiError(e)) {
        setError('The file could not be sent. Check the connection and try again.');
        return;
      }
      const byField = fieldErrorsOf(e);
      setFields(byField);
      setError(Object.keys(byField).length > 0 ? null : e.message);
    }
  }

  function again() {
    setImportId(null);
    setPolling(true);
    setFile(null);
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    pick(e.dataTransfer.files[0]);
  };

  return (
    <Dialog open onClose={closeImportDialog} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" sx={{ flexGrow: 1 }}>
          Import trades into {account.name}
        </Box>
        <IconButton aria-label="Close" onClick={closeImportDialog}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, minHeight: 320 }}>
        {!importId ? (
          <>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              A MetaTrader 5 Trade History Report or MetaTrader 4 Statement (saved as HTML from the History tab), a
              MetaTrader 5 history CSV, or a CSV with columns such as symbol, type, volume, open time, open price, close
              time, close price, commission, swap and profit. At most {megabytes} MB and{' '}
              {TRADE_IMPORT_MAX_ROWS.toLocaleString()} rows. Trades already imported are recognised and not booked
              twice.
            </Typography>
            <Box
              role="button"
              tabIndex={0}
              aria-label="Choose a report file, or drop it here"
              onClick={() => inputRef.current?.click()}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  inputRef.current?.click();
                }
              }}
              onDragOver={(e) => {
                e.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              sx={{
                border: 2,
                borderStyle: 'dashed',
                borderColor: fields.file ? 'error.main' : dragging ? 'primary.main' : 'divider',
                borderRadius: 1,
                p: 3,
                textAlign: 'center',
                cursor: 'pointer',
                bgcolor: dragging ? 'action.hover' : 'transparent',
              }}
            >
              <UploadFile sx={{ color: 'text.secondary' }} />
              <Typography>{file ? file.name : 'Drop the report here, or click to choose it'}</Typography>
              {file && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {(file.size / 1024).toFixed(1)} KB
                </Typography>
              )}
              <input
                ref={inputRef}
                type="file"
                hidden
                data-testid="import-file"
                accept=".htm,.html,.csv,.txt,text/html,text/csv"
                onChange={(e) => pick(e.target.files?.[0])}
              />
            </Box>
            {fields.file && (
              <InlineAlert severity="error" sx={{ my: 0 }}>
                {fields.file}
              </InlineAlert>
            )}
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
              <TextField
                select
                size="small"
                label="Format"
                value={format}
                onChange={(e) => setFormat(e.target.value as typeof format)}
                error={!!fields.format}
                helperText={fields.format ?? 'Auto tells the format from the file.'}
              >
                <MenuItem value="auto">Auto</MenuItem>
                {TRADE_IMPORT_FORMATS.map((f) => (
                  <MenuItem key={f} value={f}>
                    {TRADE_IMPORT_FORMAT_NAMES[f]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label="Time zone of the report"
                placeholder="UTC"
                value={timeZone}
                onChange={(e) => setTimeZone(e.target.value)}
                error={!!fields.time_zone}
                helperText={fields.time_zone ?? 'MetaTrader writes the broker server’s time, e.g. Europe/Athens.'}
              />
            </Box>
            {error && (
              <InlineAlert severity="error" sx={{ my: 0 }}>
                {error}
              </InlineAlert>
            )}
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
              <Button onClick={closeImportDialog}>Cancel</Button>
              <Button variant="contained" onClick={() => void submit()} disabled={starting.isLoading}>
                Import
              </Button>
            </Box>
          </>
        ) : (
          <ImportResult state={state} loadError={progress.isError} onAgain={again} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ImportResult(props: { state: TradeImport | undefined; loadError: boolean; onAgain: () => void }) {
  const { state } = props;
  const f = useFormatters();
  const rows = useMemo<ProblemRow[]>(
    () => (state?.problems ?? []).map((p, i) => ({ ...p, id: `${p.line}-${i}` })),
    [state?.problems],
  );
  if (!state) {
    return props.loadError ? (
      <InlineAlert severity="error">The import’s progress could not be loaded; it goes on on the server.</InlineAlert>
    ) : (
      <LinearProgress aria-label="Import progress" />
    );
  }
  const processing = state.status === 'processing';
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box>
        <Typography sx={{ fontWeight: 600 }}>
          {processing
            ? `Importing ${state.fileName}…`
            : state.status === 'done'
              ? `${state.fileName} imported`
              : `${state.fileName}: the import stopped`}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {TRADE_IMPORT_FORMAT_NAMES[state.format]} · {state.processed} of {state.total} rows ·{' '}
          {f.dateTime(state.created)}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={state.progress}
        aria-label="Import progress"
        aria-valuetext={`${state.progress}%`}
      />
      {state.failure && <InlineAlert severity="error">{state.failure}</InlineAlert>}
      <Box
        component="dl"
        aria-label="Import result"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 1, m: 0, '& dd': { m: 0, fontWeight: 600 } }}
      >
        <Figure label="Trades imported" value={state.imported} />
        <Figure label="Balance rows" value={state.balanceRows} />
        <Figure label="Duplicates" value={state.duplicates} />
        <Figure label="Errors" value={state.errors} />
        <Figure label="Warnings" value={state.warnings} />
      </Box>
      {state.duplicates > 0 && !processing && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Duplicates were imported before (same ticket, or the same symbol, side, volume and times) and were not booked
          again.
        </Typography>
      )}
      {rows.length > 0 && (
        <DataTable
          label="Lines with errors or warnings"
          columns={problemColumns}
          rows={rows}
          getRowId={(p) => p.id}
          height={240}
          exportName="import-problems"
          initialSort={[{ id: 'line', desc: false }]}
        />
      )}
      {!processing && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button onClick={props.onAgain}>Import another file</Button>
          <Button variant="contained" onClick={closeImportDialog}>
            Done
          </Button>
        </Box>
      )}
    </Box>
  );
}

function Figure(props: { label: string; value: number }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {props.label}
      </Typography>
      <Typography component="dd">{props.value}</Typography>
    </Box>
  );
}
