import ArrowBack from '@mui/icons-material/ArrowBack';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  type MARGIN_MODES,
  normaliseAccountColor,
  TRADING_ACCOUNT_CURRENCIES,
  TRADING_ACCOUNT_DEFAULT_COLOR,
  type TradingAccount,
  VIRTUAL_DEFAULT_BALANCE,
  VIRTUAL_DEFAULT_LEVERAGE,
  VIRTUAL_STARTING_BALANCES,
} from '@tradedesk/contracts';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../../shared/api/api-error';
import { useFormatters } from '../../../shared/format/format-preferences';
import { EmptyState } from '../../../shared/states/empty-state';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import { toast } from '../../../shared/toast/toast';
import { openImportDialog } from '../../imports/import-dialog-store';
import { LazyImportTradesDialog } from '../../imports/lazy-import-trades-dialog';
import { PropFirmView } from '../../prop/components/prop-firm-view';
import { ConfirmDialog } from '../../settings/components/confirm-dialog';
import {
  type AccountsDialogView,
  closeAccountsDialog,
  showAccountsDialogView,
  useAccountsDialogState,
} from '../accounts-dialog-store';
import {
  type AccountStatusFilter,
  useArchiveTradingAccountMutation,
  useConnectTradingAccountMutation,
  useCreateTradingAccountMutation,
  useDeleteTradingAccountMutation,
  useKnownServersQuery,
  useResetTradingAccountMutation,
  useTradingAccountsQuery,
  useTradingBrokersQuery,
  useTradingPlatformsQuery,
  useUpdateTradingAccountMutation,
} from '../trading-api';

const VIEW_TITLES: Record<AccountsDialogView, string> = {
  main_view: 'Trading accounts',
  account_settings: 'Account settings',
  add_account: 'Add an account',
  connect_existing: 'Connect an existing account',
  open_account: 'Open an account',
  prop_firm: 'Start a prop-firm challenge',
  imported_account: 'Add an imported account',
};

const PROP_STATE_TEXT: Record<NonNullable<TradingAccount['propFirm']>['state'], string> = {
  active: 'In progress',
  paused: 'Paused',
  failed: 'Failed',
  completed: 'Completed',
};

/** A prop account's firm, challenge, phase and state, for the account list and the switcher. */
export function propLine(account: TradingAccount): string | null {
  const p = account.propFirm;
  return p ? `${p.firmName} · ${p.challengeName} · ${p.phaseName} · ${PROP_STATE_TEXT[p.state]}` : null;
}

const STATUS_LABELS: Record<TradingAccount['status'], string> = {
  connected: 'Connected',
  disconnected: 'Disconnected',
  archived: 'Archived',
};

/** What went wrong, for the dialog's alert, and each field's reason. */
function failure(error: unknown): { message: string; fields: Record<string, string> } {
  if (!isApiError(error)) return { message: 'Something went wrong. Try again.', fields: {} };
  return { message: error.message || 'Unknown error', fields: fieldErrorsOf(error) };
}

export function ColorDot(props: { color: string; size?: number }) {
  const size = props.size ?? 10;
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: props.color,
        flexShrink: 0,
        border: 1,
        borderColor: 'divider',
      }}
    />
  );
}

/**
 * The trading accounts dialog (spec section 2): the main view with the my_accounts tab (filter status all,
 * rename mode, switch, archive, delete), an account's settings (form, reset of a virtual account), adding an
 * account: opening one (virtual, or with a broker through its connector) or connecting an existing one.
 */
export function TradingAccountsDialog() {
  const { open, view, accountId } = useAccountsDialogState();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={closeAccountsDialog} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        {view !== 'main_view' && (
          <IconButton
            aria-label="Back"
            size="small"
            onClick={() =>
              showAccountsDialogView(
                view === 'open_account' ||
                  view === 'connect_existing' ||
                  view === 'prop_firm' ||
                  view === 'imported_account'
                  ? 'add_account'
                  : 'main_view',
              )
            }
          >
            <ArrowBack fontSize="small" />
          </IconButton>
        )}
        <Box component="span" sx={{ flexGrow: 1 }}>
          {VIEW_TITLES[view]}
        </Box>
        <IconButton aria-label="Close" onClick={closeAccountsDialog}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ minHeight: 360 }}>
        {view === 'main_view' && <MainView />}
        {view === 'account_settings' && accountId && <AccountSettingsView accountId={accountId} />}
        {view === 'add_account' && <AddAccountView />}
        {view === 'open_account' && <OpenAccountView />}
        {view === 'connect_existing' && <ConnectExistingView />}
        {view === 'prop_firm' && <PropFirmView />}
        {view === 'imported_account' && <ImportedAccountForm />}
      </DialogContent>
      <LazyImportTradesDialog />
    </Dialog>
  );
}

function MainView() {
  const [tab, setTab] = useState<'my_accounts'>('my_accounts');
  const [status, setStatus] = useState<AccountStatusFilter>('all');
  const { data, isLoading, isError, refetch } = useTradingAccountsQuery(status);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} aria-label="Trading accounts" sx={{ minHeight: 40 }}>
        <Tab value="my_accounts" label="My accounts" sx={{ minHeight: 40 }} />
      </Tabs>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as AccountStatusFilter)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="all">All</MenuItem>
          <MenuItem value="connected">Connected</MenuItem>
          <MenuItem value="disconnected">Disconnected</MenuItem>
          <MenuItem value="archived">Archived</MenuItem>
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" onClick={() => showAccountsDialogView('add_account')}>
          Add account
        </Button>
      </Box>
      {isLoading && <LoadingState label="Loading your trading accounts" />}
      {isError && (
        <InlineAlert severity="error" action={<Button onClick={() => void refetch()}>Retry</Button>}>
          Your trading accounts could not be loaded.
        </InlineAlert>
      )}
      {data && data.length === 0 && (
        <EmptyState
          title={status === 'all' ? 'No trading accounts yet.' : `No ${STATUS_LABELS[status].toLowerCase()} accounts.`}
          description="Open a virtual account to practise on the simulated market."
          action={
            <Button variant="outlined" onClick={() => showAccountsDialogView('open_account')}>
              Open an account
            </Button>
          }
        />
      )}
      {data && data.length > 0 && (
        <Box
          component="ul"
          aria-label="Your trading accounts"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
        >
          {data.map((a) => (
            <AccountRow key={a.id} account={a} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function AccountRow(props: { account: TradingAccount }) {
  const a = props.account;
  const f = useFormatters();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(a.name);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'archive' | 'delete' | null>(null);
  const [update, updating] = useUpdateTradingAccountMutation();
  const [connect, connecting] = useConnectTradingAccountMutation();
  const [archive, archiving] = useArchiveTradingAccountMutation();
  const [remove, removing] = useDeleteTradingAccountMutation();
  const busy = updating.isLoading || connecting.isLoading || archiving.isLoading || removing.isLoading;

  async function run(work: () => Promise<unknown>, done?: string) {
    setError(null);
    try {
      await work();
      if (done) toast.success(done);
      return true;
    } catch (e) {
      setError(failure(e).message);
      return false;
    }
  }

  async function rename(event: FormEvent) {
    event.preventDefault();
    if (await run(() => update({ id: a.id, name: name.trim() }).unwrap())) setRenaming(false);
  }

  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.25, display: 'grid', gap: 1 }} aria-label={a.name}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <ColorDot color={a.color} size={12} />
        {renaming ? (
          <Box component="form" onSubmit={rename} sx={{ display: 'flex', gap: 1, flexGrow: 1 }}>
            <TextField
              size="small"
              label="Account name"
              value={name}
              autoFocus
              onChange={(e) => setName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 60 } }}
              sx={{ flexGrow: 1 }}
            />
            <Button type="submit" disabled={busy || name.trim() === ''}>
              Save
            </Button>
            <Button
              onClick={() => {
                setRenaming(false);
                setName(a.name);
              }}
            >
              Cancel
            </Button>
          </Box>
        ) : (
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {a.name}
              {a.active && (
                <Box component="span" sx={{ ml: 1, fontSize: 12, color: 'text.secondary', fontWeight: 400 }}>
                  Active
                </Box>
              )}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {/* an imported account trades nowhere: no demo/live type and no connection to show */}
              {a.kind === 'imported'
                ? [kindLabel(a), a.server === 'Imported' ? '' : a.server].filter(Boolean).join(' · ')
                : `${kindLabel(a)} · ${a.type === 'demo' ? 'Demo' : 'Live'} · ${a.server} · ${STATUS_LABELS[a.status]}`}{' '}
              · {f.money(a.balance, a.currency)}
            </Typography>
            {a.propFirm && (
              <Typography
                variant="body2"
                sx={{ color: a.propFirm.state === 'failed' ? 'error.main' : 'text.secondary' }}
              >
                {propLine(a)}
              </Typography>
            )}
          </Box>
        )}
      </Box>
      {!renaming && (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {!a.active && (
            <Button
              size="small"
              variant="outlined"
              disabled={busy}
              aria-label={`Switch to ${a.name}`}
              onClick={() => void run(() => connect(a.id).unwrap(), `${a.name} is now your active account.`)}
            >
              {a.status === 'archived' ? 'Restore and switch' : 'Switch to'}
            </Button>
          )}
          <Button size="small" aria-label={`Rename ${a.name}`} onClick={() => setRenaming(true)} disabled={busy}>
            Rename
          </Button>
          {a.kind === 'imported' && a.status !== 'archived' && (
            <Button size="small" aria-label={`Import trades into ${a.name}`} onClick={() => openImportDialog(a)}>
              Import trades
            </Button>
          )}
          <Button
            size="small"
            aria-label={`Settings of ${a.name}`}
            onClick={() => showAccountsDialogView('account_settings', a.id)}
          >
            Settings
          </Button>
          {a.status !== 'archived' && (
            <Button size="small" aria-label={`Archive ${a.name}`} onClick={() => setConfirm('archive')} disabled={busy}>
              Archive
            </Button>
          )}
          <Button
            size="small"
            color="error"
            aria-label={`Delete ${a.name}`}
            onClick={() => setConfirm('delete')}
            disabled={busy}
          >
            Delete
          </Button>
        </Box>
      )}
      {error && (
        <InlineAlert severity="error" sx={{ my: 0 }}>
          {error}
        </InlineAlert>
      )}
      <ConfirmDialog
        open={confirm === 'archive'}
        title={`Archive ${a.name}?`}
        confirmLabel="Archive"
        busy={archiving.isLoading}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          void run(() => archive(a.id).unwrap(), `${a.name} archived.`);
        }}
      >
        The account is kept read-only with its history and stops being your active account. Close its positions and
        cancel its orders first.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'delete'}
        title={`Delete ${a.name}?`}
        confirmLabel="Delete for good"
        busy={removing.isLoading}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          void run(() => remove(a.id).unwrap(), `${a.name} deleted.`);
        }}
      >
        The account is deleted with all its orders, positions and deals. This cannot be undone.
      </ConfirmDialog>
    </Paper>
  );
}

function AddAccountView() {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <Choice
        title="Open an account"
        text="A virtual account on the simulated market, or a new account with a broker."
        onClick={() => showAccountsDialogView('open_account')}
      />
      <Choice
        title="Connect an existing account"
        text="An account you already hold on MetaTrader, cTrader or another platform."
        onClick={() => showAccountsDialogView('connect_existing')}
      />
      <Choice
        title="Start a prop-firm challenge"
        text="A challenge account on the simulated market, evaluated live against a firm's rules."
        onClick={() => showAccountsDialogView('prop_firm')}
      />
      <Choice
        title="Add an imported account"
        text="Trades made at any broker, imported from a MetaTrader report or a CSV, for the journal and metrics."
        onClick={() => showAccountsDialogView('imported_account')}
      />
    </Box>
  );
}

/** What kind of account a row is: virtual, imported (with its platform) or the connected platform. */
function kindLabel(a: TradingAccount): string {
  if (a.kind === 'virtual') return 'Virtual';
  if (a.kind === 'imported') return `Imported · ${a.platform.toUpperCase()}`;
  return a.platform.toUpperCase();
}

/** An account of trades made elsewhere (no trading): its trades come from imported reports. */
function ImportedAccountForm() {
  const [createAccount, { isLoading }] = useCreateTradingAccountMutation();
  const [name, setName] = useState('Imported account');
  const [currency, setCurrency] = useState<(typeof TRADING_ACCOUNT_CURRENCIES)[number]>('USD');
  const [balance, setBalance] = useState('0');
  const [platform, setPlatform] = useState<'mt5' | 'mt4' | 'ctrader' | 'dxtrade' | 'matchtrader' | 'tradelocker'>(
    'mt5',
  );
  const [broker, setBroker] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setFields({});
    try {
      const created = await createAccount({
        kind: 'imported',
        name: name.trim(),
        type: 'live',
        currency,
        starting_balance: Number(balance || '0'),
        platform,
        ...(broker.trim() ? { broker: broker.trim() } : {}),
      }).unwrap();
      toast.success(`${created.name} added: import its trades now.`);
      showAccountsDialogView('main_view');
      openImportDialog(created);
    } catch (err) {
      const f = failure(err);
      setError(f.message);
      setFields(f.fields);
    }
  }

  return (
    <FormShell
      label="Add an imported account"
      onSubmit={submit}
      error={error}
      submit={
        <Button type="submit" variant="contained" disabled={isLoading}>
          Add imported account
        </Button>
      }
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Its trades and deposits come from the reports you import; it places no orders. Leave the starting balance at 0
        when the report has its deposits.
      </Typography>
      <TextField
        size="small"
        label="Name"
        value={name}
        required
        onChange={(e) => setName(e.target.value)}
        error={!!fields.name}
        helperText={fields.name}
        slotProps={{ htmlInput: { maxLength: 60 } }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        <TextField
          select
          size="small"
          label="Currency"
          value={currency}
          onChange={(e) => setCurrency(e.target.value as typeof currency)}
        >
          {TRADING_ACCOUNT_CURRENCIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Starting balance"
          type="number"
          value={balance}
          onChange={(e) => setBalance(e.target.value)}
          error={!!fields.starting_balance}
          helperText={fields.starting_balance ?? 'Before the first imported row'}
        />
        <TextField
          select
          size="small"
          label="Platform"
          value={platform}
          onChange={(e) => setPlatform(e.target.value as typeof platform)}
        >
          <MenuItem value="mt5">MetaTrader 5</MenuItem>
          <MenuItem value="mt4">MetaTrader 4</MenuItem>
          <MenuItem value="ctrader">cTrader</MenuItem>
          <MenuItem value="dxtrade">DXtrade</MenuItem>
          <MenuItem value="matchtrader">Match-Trader</MenuItem>
          <MenuItem value="tradelocker">TradeLocker</MenuItem>
        </TextField>
        <TextField
          size="small"
          label="Broker (optional)"
          value={broker}
          onChange={(e) => setBroker(e.target.value)}
          error={!!fields.broker}
          helperText={fields.broker}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
      </Box>
    </FormShell>
  );
}

function Choice(props: { title: string; text: string; onClick: () => void }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1, alignContent: 'space-between' }}>
      <Typography sx={{ fontWeight: 600 }}>{props.title}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {props.text}
      </Typography>
      <Button variant="outlined" onClick={props.onClick}>
        {props.title}
      </Button>
    </Paper>
  );
}

function ColorField(props: { value: string; onChange: (v: string) => void; error?: string }) {
  const normal = normaliseAccountColor(props.value);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        size="small"
        label="Colour"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        error={!!props.error || normal === undefined}
        helperText={props.error ?? (normal === undefined ? 'A colour in hex, such as #8861E4.' : `Saved as ${normal}`)}
        sx={{ flexGrow: 1 }}
      />
      <Box
        component="input"
        type="color"
        aria-label="Pick a colour"
        value={normal ?? TRADING_ACCOUNT_DEFAULT_COLOR}
        onChange={(e: { target: { value: string } }) => props.onChange(e.target.value.toUpperCase())}
        sx={{ width: 40, height: 40, p: 0, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'transparent' }}
      />
    </Box>
  );
}

function FormShell(props: {
  onSubmit: (e: FormEvent) => void;
  label: string;
  error: string | null;
  children: ReactNode;
  submit: ReactNode;
}) {
  return (
    <Box
      component="form"
      noValidate
      aria-label={props.label}
      onSubmit={props.onSubmit}
      sx={{ display: 'grid', gap: 1.5, pt: 1 }}
    >
      {props.children}
      {props.error && (
        <InlineAlert severity="error" sx={{ my: 0 }}>
          {props.error}
        </InlineAlert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>{props.submit}</Box>
    </Box>
  );
}

function OpenAccountView() {
  const [mode, setMode] = useState<'virtual' | 'broker'>('virtual');
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={mode}
        aria-label="Open an account"
        onChange={(_e, v: 'virtual' | 'broker' | null) => v && setMode(v)}
      >
        <ToggleButton value="virtual">Virtual</ToggleButton>
        <ToggleButton value="broker">With a broker</ToggleButton>
      </ToggleButtonGroup>
      {mode === 'virtual' ? <VirtualAccountForm /> : <BrokerList />}
    </Box>
  );
}

function VirtualAccountForm() {
  const [createAccount, { isLoading }] = useCreateTradingAccountMutation();
  const [connect] = useConnectTradingAccountMutation();
  const [name, setName] = useState('Virtual account');
  const [color, setColor] = useState(TRADING_ACCOUNT_DEFAULT_COLOR);
  const [currency, setCurrency] = useState<(typeof TRADING_ACCOUNT_CURRENCIES)[number]>('USD');
  const [balance, setBalance] = useState(String(VIRTUAL_DEFAULT_BALANCE));
  const [custom, setCustom] = useState(false);
  const [leverage, setLeverage] = useState(String(VIRTUAL_DEFAULT_LEVERAGE));
  const [marginMode, setMarginMode] = useState<(typeof MARGIN_MODES)[number]>('hedging');
  const [makeActive, setMakeActive] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setFields({});
    try {
      const created = await createAccount({
        kind: 'virtual',
        name: name.trim(),
        color: normaliseAccountColor(color) ?? color,
        type: 'demo',
        currency,
        starting_balance: Number(balance),
        custom_balance: custom,
        leverage: Number(leverage),
        margin_mode: marginMode,
      }).unwrap();
      if (makeActive) await connect(created.id).unwrap();
      toast.success(`${created.name} opened${makeActive ? ' and made your active account' : ''}.`);
      showAccountsDialogView('main_view');
    } catch (err) {
      const f = failure(err);
      setError(f.message);
      setFields(f.fields);
    }
  }

  return (
    <FormShell
      label="Open a virtual account"
      onSubmit={submit}
      error={error}
      submit={
        <Button type="submit" variant="contained" disabled={isLoading}>
          Open virtual account
        </Button>
      }
    >
      <TextField
        size="small"
        label="Name"
        value={name}
        required
        onChange={(e) => setName(e.target.value)}
        error={!!fields.name}
        helperText={fields.name}
        slotProps={{ htmlInput: { maxLength: 60 } }}
      />
      <ColorField value={color} onChange={setColor} error={fields.color} />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        <TextField
          select
          size="small"
          label="Currency"
          value={currency}
          onChange={(e) => setCurrency(e.target.value as typeof currency)}
        >
          {TRADING_ACCOUNT_CURRENCIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        {custom ? (
          <TextField
            size="small"
            label="Starting balance"
            type="number"
            value={balance}
            onChange={(e) => setBalance(e.target.value)}
            error={!!fields.starting_balance}
            helperText={fields.starting_balance ?? 'From 100 to 10,000,000'}
          />
        ) : (
          <TextField
            select
            size="small"
            label="Starting balance"
            value={balance}
            onChange={(e) => setBalance(e.target.value)}
            error={!!fields.starting_balance}
            helperText={fields.starting_balance}
          >
            {VIRTUAL_STARTING_BALANCES.map((b) => (
              <MenuItem key={b} value={String(b)}>
                {b.toLocaleString()}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          size="small"
          label="Leverage (1:n)"
          type="number"
          value={leverage}
          onChange={(e) => setLeverage(e.target.value)}
          error={!!fields.leverage}
          helperText={fields.leverage ?? 'From 1 to 1000'}
        />
        <TextField
          select
          size="small"
          label="Margin mode"
          value={marginMode}
          onChange={(e) => setMarginMode(e.target.value as typeof marginMode)}
        >
          <MenuItem value="hedging">Hedging</MenuItem>
          <MenuItem value="netting">Netting</MenuItem>
        </TextField>
      </Box>
      <FormControlLabel
        control={<Switch checked={custom} onChange={(e) => setCustom(e.target.checked)} />}
        label="Custom starting balance"
      />
      <FormControlLabel
        control={<Switch checked={makeActive} onChange={(e) => setMakeActive(e.target.checked)} />}
        label="Make it my active account"
      />
    </FormShell>
  );
}

function BrokerList() {
  const { data, isLoading, isError } = useTradingBrokersQuery();
  if (isLoading) return <LoadingState label="Loading brokers" />;
  if (isError || !data) return <InlineAlert severity="error">The brokers could not be loaded.</InlineAlert>;
  const others = data.filter((b) => !b.platforms.includes('virtual'));
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        An account with a broker is opened through the broker's connector on this server, then connected here.
      </Typography>
      {others.length === 0 && (
        <InlineAlert severity="info" sx={{ my: 0 }}>
          This server knows no broker besides the built-in virtual broker. Open a virtual account instead.
        </InlineAlert>
      )}
      {others.map((b) => (
        <Paper key={b.id} variant="outlined" sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{b.name}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {b.description}
            </Typography>
          </Box>
          <Button variant="outlined" onClick={() => showAccountsDialogView('connect_existing')}>
            Connect
          </Button>
        </Paper>
      ))}
    </Box>
  );
}

function ConnectExistingView() {
  const platforms = useTradingPlatformsQuery();
  const [createAccount, { isLoading }] = useCreateTradingAccountMutation();
  const [platform, setPlatform] = useState<TradingAccount['platform']>('mt5');
  const [server, setServer] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [password, setPassword] = useState('');
  const [investorPassword, setInvestorPassword] = useState('');
  const [name, setName] = useState('');
  const [color, setColor] = useState(TRADING_ACCOUNT_DEFAULT_COLOR);
  const [broker, setBroker] = useState('');
  const [type, setType] = useState<'demo' | 'live'>('demo');
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const known = useKnownServersQuery({ query: server, platform }, { skip: server.trim().length < 2 });
  const choices = (platforms.data ?? []).filter((p) => p.id !== 'virtual');
  const chosen = choices.find((p) => p.id === platform);
  const serverOptions = Object.values(known.data ?? {})
    .flat()
    .slice(0, 20);
  const listId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setFields({});
    try {
      const created = await createAccount({
        kind: 'existing',
        platform_type: chosen?.type ?? 'metatrader',
        platform,
        server: server.trim(),
        account_number: accountNumber.trim(),
        password,
        ...(investorPassword ? { investor_password: investorPassword } : {}),
        ...(name.trim() ? { name: name.trim() } : {}),
        color: normaliseAccountColor(color) ?? color,
        ...(broker.trim() ? { broker: broker.trim() } : {}),
        type,
      }).unwrap();
      toast.success(`${created.name} connected.`);
      showAccountsDialogView('main_view');
    } catch (err) {
      const f = failure(err);
      setError(f.message);
      setFields(f.fields);
    }
  }

  return (
    <FormShell
      label="Connect an existing account"
      onSubmit={submit}
      error={error}
      submit={
        <Button type="submit" variant="contained" disabled={isLoading}>
          Connect account
        </Button>
      }
    >
      {chosen && !chosen.connectorAvailable && (
        <InlineAlert severity="warning" sx={{ my: 0 }}>
          This server has no broker connector for {chosen.name}: connecting will be refused.
        </InlineAlert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        <TextField
          select
          size="small"
          label="Platform"
          value={platform}
          onChange={(e) => setPlatform(e.target.value as TradingAccount['platform'])}
          error={!!fields.platform}
          helperText={fields.platform}
        >
          {choices.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.name}
              {p.connectorAvailable ? '' : ' (no connector)'}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Type"
          value={type}
          onChange={(e) => setType(e.target.value as 'demo' | 'live')}
        >
          <MenuItem value="demo">Demo</MenuItem>
          <MenuItem value="live">Live</MenuItem>
        </TextField>
      </Box>
      <TextField
        size="small"
        label="Server"
        required
        value={server}
        onChange={(e) => setServer(e.target.value)}
        error={!!fields.server}
        helperText={fields.server}
        slotProps={{ htmlInput: { list: listId, maxLength: 120 } }}
      />
      <datalist id={listId}>
        {serverOptions.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <TextField
        size="small"
        label="Account number"
        required
        value={accountNumber}
        onChange={(e) => setAccountNumber(e.target.value)}
        error={!!fields.account_number}
        helperText={fields.account_number}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        <TextField
          size="small"
          label="Password"
          type="password"
          required
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={!!fields.password}
          helperText={fields.password}
        />
        <TextField
          size="small"
          label="Investor password"
          type="password"
          autoComplete="off"
          value={investorPassword}
          onChange={(e) => setInvestorPassword(e.target.value)}
        />
        <TextField size="small" label="Name" value={name} onChange={(e) => setName(e.target.value)} />
        <TextField size="small" label="Broker" value={broker} onChange={(e) => setBroker(e.target.value)} />
      </Box>
      <ColorField value={color} onChange={setColor} error={fields.color} />
    </FormShell>
  );
}

function AccountSettingsView(props: { accountId: string }) {
  const { data } = useTradingAccountsQuery('all');
  const account = data?.find((a) => a.id === props.accountId);
  if (!data) return <LoadingState label="Loading the account" />;
  if (!account) return <InlineAlert severity="warning">This account no longer exists.</InlineAlert>;
  return <AccountSettingsForm key={account.id} account={account} />;
}

function AccountSettingsForm(props: { account: TradingAccount }) {
  const a = props.account;
  const f = useFormatters();
  const [update, { isLoading }] = useUpdateTradingAccountMutation();
  const [reset, resetting] = useResetTradingAccountMutation();
  const [name, setName] = useState(a.name);
  const [color, setColor] = useState(a.color);
  const [broker, setBroker] = useState(a.broker);
  const [password, setPassword] = useState('');
  const [investorPassword, setInvestorPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [confirmReset, setConfirmReset] = useState(false);
  const connected = a.kind === 'connected';

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setFields({});
    try {
      await update({
        id: a.id,
        name: name.trim(),
        theme: normaliseAccountColor(color) ?? color,
        ...(connected && broker.trim() ? { broker: broker.trim() } : {}),
        ...(connected && password ? { password } : {}),
        ...(connected && investorPassword ? { investor_password: investorPassword } : {}),
      }).unwrap();
      toast.success('Account settings saved.');
    } catch (err) {
      const fl = failure(err);
      setError(fl.message);
      setFields(fl.fields);
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {kindLabel(a)} · {a.server} · created {f.date(a.created)} · balance {f.money(a.balance, a.currency)} · 1:
        {a.leverage} · {a.marginMode}
      </Typography>
      <FormShell
        label="Account settings"
        onSubmit={submit}
        error={error}
        submit={
          <Button type="submit" variant="contained" disabled={isLoading}>
            Save
          </Button>
        }
      >
        <TextField
          size="small"
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={!!fields.name}
          helperText={fields.name}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <ColorField value={color} onChange={setColor} error={fields.theme ?? fields.color} />
        {connected && (
          <>
            <TextField size="small" label="Broker" value={broker} onChange={(e) => setBroker(e.target.value)} />
            <TextField
              size="small"
              label="New password"
              type="password"
              autoComplete="off"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <TextField
              size="small"
              label="New investor password"
              type="password"
              autoComplete="off"
              value={investorPassword}
              onChange={(e) => setInvestorPassword(e.target.value)}
            />
          </>
        )}
      </FormShell>
      {a.kind === 'virtual' && (
        <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'center' }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>Reset the account</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Starts again at {f.money(a.startingBalance, a.currency)}.
            </Typography>
          </Box>
          <Button color="error" variant="outlined" onClick={() => setConfirmReset(true)} disabled={resetting.isLoading}>
            Reset
          </Button>
        </Paper>
      )}
      <ConfirmDialog
        open={confirmReset}
        title={`Reset ${a.name}?`}
        confirmLabel="Reset and delete history"
        busy={resetting.isLoading}
        error={resetting.error ? failure(resetting.error).message : null}
        onClose={() => setConfirmReset(false)}
        onConfirm={() => {
          void reset({ id: a.id })
            .unwrap()
            .then(() => {
              setConfirmReset(false);
              toast.success(`${a.name} was reset to ${f.money(a.startingBalance, a.currency)}.`);
            })
            .catch(() => undefined);
        }}
      >
        All history is deleted: every order, position and deal of this account, for good. The balance starts again at{' '}
        {f.money(a.startingBalance, a.currency)}.
      </ConfirmDialog>
    </Box>
  );
}
