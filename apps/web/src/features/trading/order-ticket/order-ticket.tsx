import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { PlaceOrderResult, TradingAccount } from '@tradedesk/contracts';
import { commissionCost, conversionSymbols, findInstrument, type Instrument, type StopLock } from '@tradedesk/core';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../../shared/api/api-error';
import { useFormatters } from '../../../shared/format/format-preferences';
import { EmptyState } from '../../../shared/states/empty-state';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import { toast } from '../../../shared/toast/toast';
import { openAlertDialog } from '../../alerts/alert-dialog-store';
import { TicketRulePanel, tradingStoppedReason } from '../../prop/components/ticket-rule-panel';
import { ticketRuleCheck } from '../../prop/ticket-rules';
import { useAccountGoals } from '../../prop/use-account-goals';
import { ConfirmDialog } from '../../settings/components/confirm-dialog';
import { openAccountsDialog } from '../accounts-dialog-store';
import { BuySellWidget } from '../buy-sell-widget';
import { type OrderRequest, usePlaceOrderMutation } from '../trading-api';
import { useAccountLive } from '../use-account-live';
import { useActiveAccount } from '../use-active-account';
import { useQuoteBook } from '../use-quote-book';
import { useTradingPreferences } from '../use-trading-preferences';
import { useIdempotencyKeys } from './idempotency';
import { PositionManagement } from './position-management';
import {
  applyPrefill,
  defaultTicketValues,
  orderRequestOf,
  readNumber,
  type TicketPrefillValues,
  type TicketPreview,
  type TicketSide,
  type TicketType,
  type TicketValues,
  ticketPreview,
} from './ticket-model';
import { serverErrorTextOf } from './ticket-text';

const TYPE_LABELS: Record<TicketType, string> = {
  market: 'Market',
  limit: 'Limit',
  stop: 'Stop',
  stop_limit: 'Stop limit',
};

export type TicketPrefill = TicketPrefillValues & { nonce: number };

function orderSentText(result: PlaceOrderResult, f: ReturnType<typeof useFormatters>, digits: number): string {
  const o = result.order;
  const side = o.side === 'buy' ? 'Bought' : 'Sold';
  if (o.status === 'filled') return `${side} ${o.size} ${o.symbol} at ${f.price(o.fillPrice ?? 0, digits)}.`;
  return `${TYPE_LABELS[o.type]} ${o.side} order for ${o.size} ${o.symbol} placed.`;
}

/** The order panel (spec section 2): main tab order (default) or the open position's management. */
export function OrderPanel(props: { symbol: string; prefill?: TicketPrefill | null }) {
  const [tab, setTab] = useState<'order' | 'management'>('order');
  const { account, isLoading, isError } = useActiveAccount();
  const instrument = findInstrument(props.symbol);
  const tabsId = useId();

  if (isLoading) return <LoadingState label="Loading your trading accounts" />;
  if (isError)
    return (
      <InlineAlert severity="error" sx={{ m: 1.5 }}>
        Your trading accounts could not be loaded.
      </InlineAlert>
    );
  if (!account)
    return (
      <EmptyState
        title="No active trading account."
        description="Open a virtual account, or pick one of yours, to place orders."
        action={
          <Button variant="contained" onClick={() => openAccountsDialog()}>
            Trading accounts
          </Button>
        }
      />
    );
  if (!instrument)
    return (
      <InlineAlert severity="warning" sx={{ m: 1.5 }}>
        {props.symbol} cannot be traded on the virtual broker.
      </InlineAlert>
    );
  return (
    <Box sx={{ height: '100%', overflow: 'auto', display: 'flex', flexDirection: 'column' }}>
      <Tabs
        value={tab}
        onChange={(_e, v) => setTab(v)}
        aria-label="Order panel"
        variant="fullWidth"
        sx={{ minHeight: 40, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="order" label="Order" id={`${tabsId}-order`} sx={{ minHeight: 40 }} />
        <Tab value="management" label="Position" id={`${tabsId}-management`} sx={{ minHeight: 40 }} />
      </Tabs>
      <Box role="tabpanel" aria-labelledby={`${tabsId}-${tab}`} sx={{ p: 1.5, flexGrow: 1 }}>
        {tab === 'order' ? (
          <OrderTicket
            key={`${account.id}:${instrument.id}`}
            account={account}
            instrument={instrument}
            prefill={props.prefill}
          />
        ) : (
          <PositionManagement account={account} instrument={instrument} />
        )}
      </Box>
    </Box>
  );
}

function OrderTicket(props: { account: TradingAccount; instrument: Instrument; prefill?: TicketPrefill | null }) {
  const { account, instrument } = props;
  const f = useFormatters();
  const live = useAccountLive(account.id);
  const [values, setValues] = useState<TicketValues>(() => {
    const initial = defaultTicketValues(props.prefill?.side, props.prefill?.type);
    return props.prefill ? applyPrefill(initial, props.prefill) : initial;
  });
  const [alert, setAlert] = useState<string | null>(null);
  // The server's refusal of a field (a 422 naming it): shown under that field until it is changed.
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [attempted, setAttempted] = useState(false);
  const [confirmOneClick, setConfirmOneClick] = useState(false);
  const [placeOrder, { isLoading: sending }] = usePlaceOrderMutation();
  const keys = useIdempotencyKeys();
  const { preferences, setPreferences } = useTradingPreferences();
  const symbols = useMemo(
    () => [
      instrument.id,
      ...conversionSymbols(instrument.profitCurrency, account.currency),
      ...conversionSymbols(instrument.marginCurrency, account.currency),
    ],
    [instrument, account.currency],
  );
  const quotes = useQuoteBook(symbols);
  const quote = quotes.get(instrument.id);
  const figures = live.account;
  const ticketAccount = figures
    ? { equity: figures.equity, currency: figures.currency, leverage: figures.leverage, freeMargin: figures.freeMargin }
    : { equity: account.balance, currency: account.currency, leverage: account.leverage, freeMargin: account.balance };
  const preview: TicketPreview | null = quote
    ? ticketPreview({ values, instrument, quote, quotes, account: ticketAccount, nowMs: Date.now() })
    : null;
  // A prop account: the live rule status, and what this order's stop loss would do to the rules (core's what-if).
  const goals = useAccountGoals(account.propFirm ? account.id : null);
  const ruleStatus = goals.goals?.prop ?? null;
  const stopped = tradingStoppedReason(ruleStatus);
  const ruleCheck =
    ruleStatus && preview && preview.entry !== null && preview.lots !== null && preview.lots > 0
      ? ticketRuleCheck(ruleStatus, {
          symbol: instrument.id,
          side: values.side,
          lots: preview.lots,
          entry: preview.entry,
          stopLoss: preview.stopLoss?.price ?? null,
          riskAmount:
            preview.moneyAtRisk === null
              ? null
              : preview.moneyAtRisk + roundTripCommission(preview.lots, preview.entry),
          volumeStep: instrument.volumeStep,
          volumeMin: instrument.volumeMin,
          volumeMax: instrument.volumeMax,
        })
      : null;

  function roundTripCommission(lots: number, price: number): number {
    try {
      return 2 * commissionCost(instrument, lots, price, ticketAccount.currency, quotes);
    } catch {
      return 0;
    }
  }

  // A prefill (the buy/sell widget, the dashboard, an order the AI assistant drafted) sets the side and type, and
  // the lots, stops and pending price it carries.
  const prefillNonce = props.prefill?.nonce;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new prefill applies
  useEffect(() => {
    const prefill = props.prefill;
    if (!prefill) return;
    setValues((v) => applyPrefill(v, prefill));
  }, [prefillNonce]);

  const set = (patch: Partial<TicketValues>) => {
    setAlert(null);
    setServerFields({});
    setValues((v) => ({ ...v, ...patch }));
  };
  const issueOf = (...fields: string[]) =>
    fields.map((fl) => serverFields[fl]).find((m) => m !== undefined) ??
    (attempted || fields.some((fl) => fl.endsWith('Pips') || fl === 'stopLoss' || fl === 'takeProfit')
      ? preview?.issues.find((i) => fields.includes(i.field))?.message
      : undefined);
  const digits = instrument.digits;
  const currency = ticketAccount.currency;

  async function send(request: OrderRequest) {
    setAlert(null);
    const idempotencyKey = keys.keyFor(request);
    try {
      const result = await placeOrder({ platformToken: account.token, idempotencyKey, order: request }).unwrap();
      keys.settled();
      // a fill is read with its price: a little longer than the default toast
      toast.success(orderSentText(result, f, digits), { durationMs: 8000 });
      setAttempted(false);
    } catch (error) {
      // a network failure keeps the key: sending the same order again cannot fill it twice
      keys.settledUnlessNetwork(error);
      const fields = isApiError(error) ? fieldErrorsOf(error) : {};
      // size, stop_loss and the like arrive in snake_case: keyed here as the ticket's fields
      setServerFields(
        Object.fromEntries(
          Object.entries(fields).flatMap(([k, m]) => {
            const key = k.replace(/_([a-z])/g, (_x, ch: string) => ch.toUpperCase());
            return key === 'size' || key === 'lots' ? [['volume', m]] : [[key, m]];
          }),
        ),
      );
      setAlert(serverErrorTextOf(error, 'The order could not be sent. Try again.'));
    }
  }

  function submit() {
    setAttempted(true);
    if (stopped) return;
    if (!preview || preview.issues.length > 0 || preview.lots === null) return;
    void send(orderRequestOf(values, instrument, preview));
  }

  function oneClick(side: TicketSide, price: number) {
    const v = { ...values, side, type: 'market' as const };
    const p = ticketPreview({
      values: v,
      instrument,
      quote: quote ?? { bid: price, ask: price },
      quotes,
      account: ticketAccount,
      nowMs: Date.now(),
    });
    setValues(v);
    setAttempted(true);
    if (stopped || p.issues.length > 0 || p.lots === null) return;
    void send(orderRequestOf(v, instrument, p));
  }

  const fillPrice = (field: 'limitPrice' | 'triggerPrice') => {
    if (values[field] !== '' || !quote) return;
    set({ [field]: (values.side === 'buy' ? quote.ask : quote.bid).toFixed(digits) });
  };

  const sideLabel = values.side === 'buy' ? 'Buy' : 'Sell';
  const submitLabel =
    values.type === 'market'
      ? `${sideLabel} ${preview?.lots ?? ''} ${instrument.id} at market`.replace(/\s+/g, ' ')
      : `Place ${values.side} ${TYPE_LABELS[values.type].toLowerCase()}`;

  return (
    <Box
      component="form"
      noValidate
      aria-label={`Order ticket, ${instrument.id}`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <BuySellWidget
        symbol={instrument.id}
        oneClick={preferences.oneClick}
        disabled={sending || stopped !== null}
        onTrade={(side, price) => {
          if (preferences.oneClick) oneClick(side, price);
          else set({ side, type: 'market' });
        }}
      />
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        value={values.side}
        aria-label="Side"
        onChange={(_e, side: TicketSide | null) => side && set({ side })}
      >
        <ToggleButton value="buy">Buy</ToggleButton>
        <ToggleButton value="sell">Sell</ToggleButton>
      </ToggleButtonGroup>
      <Tabs
        value={values.type}
        onChange={(_e, type: TicketType) => set({ type })}
        aria-label="Order type"
        variant="fullWidth"
        sx={{ minHeight: 36, '& .MuiTab-root': { minHeight: 36, minWidth: 0, px: 0.5, fontSize: 13 } }}
      >
        {(Object.keys(TYPE_LABELS) as TicketType[]).map((t) => (
          <Tab key={t} value={t} label={TYPE_LABELS[t]} />
        ))}
      </Tabs>
      {(values.type === 'stop' || values.type === 'stop_limit') && (
        <TextField
          size="small"
          label="Trigger price"
          value={values.triggerPrice}
          onFocus={() => fillPrice('triggerPrice')}
          onChange={(e) => set({ triggerPrice: e.target.value })}
          error={!!issueOf('triggerPrice')}
          helperText={issueOf('triggerPrice')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      )}
      {(values.type === 'limit' || values.type === 'stop_limit') && (
        <TextField
          size="small"
          label="Limit price"
          value={values.limitPrice}
          onFocus={() => fillPrice('limitPrice')}
          onChange={(e) => set({ limitPrice: e.target.value })}
          error={!!issueOf('limitPrice')}
          helperText={issueOf('limitPrice')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      )}
      <Box sx={{ display: 'grid', gap: 1 }}>
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          value={values.sizeMode}
          aria-label="Size by"
          onChange={(_e, sizeMode: TicketValues['sizeMode'] | null) => sizeMode && set({ sizeMode })}
        >
          <ToggleButton value="lots">Lots</ToggleButton>
          <ToggleButton value="risk">Risk %</ToggleButton>
        </ToggleButtonGroup>
        {values.sizeMode === 'lots' ? (
          <TextField
            size="small"
            label="Size (lots)"
            type="number"
            value={values.lots}
            onChange={(e) => set({ lots: e.target.value })}
            error={!!issueOf('volume')}
            helperText={
              issueOf('volume') ??
              `Min ${instrument.volumeMin}, step ${instrument.volumeStep}, max ${instrument.volumeMax}`
            }
            slotProps={{
              htmlInput: { min: instrument.volumeMin, step: instrument.volumeStep, max: instrument.volumeMax },
            }}
          />
        ) : (
          <TextField
            size="small"
            label="Risk (% of equity)"
            type="number"
            value={values.riskPercent}
            onChange={(e) => set({ riskPercent: e.target.value })}
            error={!!issueOf('riskPercentage')}
            helperText={
              issueOf('riskPercentage') ??
              (preview?.lots != null ? `${preview.lots} lots` : 'Set a stop loss to size the order')
            }
            slotProps={{
              htmlInput: { min: 0.01, step: 0.1, max: 100 },
              input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            }}
          />
        )}
      </Box>
      <StopField
        label="Stop loss"
        value={values.stopLoss}
        other={preview?.stopLoss ?? null}
        digits={digits}
        error={issueOf('stopLoss', 'stopLossPips')}
        onChange={(stopLoss) => set({ stopLoss })}
      />
      <StopField
        label="Take profit"
        value={values.takeProfit}
        other={preview?.takeProfit ?? null}
        digits={digits}
        error={issueOf('takeProfit', 'takeProfitPips')}
        onChange={(takeProfit) => set({ takeProfit })}
      />
      {values.type !== 'market' && (
        <TextField
          select
          size="small"
          label="Expiry"
          value={values.expiry}
          onChange={(e) => set({ expiry: e.target.value as TicketValues['expiry'] })}
        >
          <MenuItem value="gtc">Good till cancelled</MenuItem>
          <MenuItem value="day">End of the trading day</MenuItem>
        </TextField>
      )}
      <Figures
        items={[
          ['Entry', preview?.entry != null ? f.price(preview.entry, digits) : '—'],
          ['Size', preview?.lots != null ? `${preview.lots} lots` : '—'],
          ['Pip value', money(f, preview?.pipValue, currency)],
          ['Money at risk', money(f, preview?.moneyAtRisk, currency)],
          ['Reward', money(f, preview?.reward, currency)],
          ['Risk:reward', preview?.riskReward != null ? `1:${preview.riskReward.toFixed(2)}` : '—'],
          ['Margin required', money(f, preview?.margin, currency)],
          ['Free margin', money(f, ticketAccount.freeMargin, currency)],
        ]}
      />
      {ruleCheck && !stopped && (
        <TicketRulePanel
          check={ruleCheck}
          lots={preview?.lots ?? null}
          hasStop={!!preview?.stopLoss}
          onUseLots={(lots) => set({ sizeMode: 'lots', lots: String(lots) })}
        />
      )}
      {stopped && (
        <InlineAlert severity="error" title="Trading stopped on this account" sx={{ my: 0 }}>
          {stopped}
        </InlineAlert>
      )}
      {attempted && preview?.issues.some((i) => i.field === 'symbol' || i.field === 'expiry') && (
        <InlineAlert severity="warning" sx={{ my: 0 }}>
          {preview.issues
            .filter((i) => i.field === 'symbol' || i.field === 'expiry')
            .map((i) => i.message)
            .join(' ')}
        </InlineAlert>
      )}
      <Button
        type="submit"
        variant="contained"
        color={values.side === 'buy' ? 'success' : 'error'}
        disabled={sending || !quote || stopped !== null}
      >
        {sending ? 'Sending…' : submitLabel}
      </Button>
      <Button
        variant="outlined"
        size="small"
        disabled={!quote && preview?.entry == null}
        onClick={() => {
          // The ticket's price: the pending order's, else the side's live quote.
          const price = preview?.entry ?? (quote ? (values.side === 'buy' ? quote.ask : quote.bid) : null);
          if (price !== null && price > 0) openAlertDialog({ kind: 'price', symbol: instrument.id, price, digits });
        }}
      >
        Alert
      </Button>
      {alert && (
        <InlineAlert severity="error" title="The order was not placed" sx={{ my: 0 }}>
          {alert}
        </InlineAlert>
      )}
      <FormControlLabel
        control={
          <Switch
            checked={preferences.oneClick}
            onChange={(e) => {
              if (!e.target.checked) void setPreferences({ oneClick: false });
              else if (preferences.oneClickConfirmed) void setPreferences({ oneClick: true });
              else setConfirmOneClick(true);
            }}
          />
        }
        label="One-click trading"
      />
      <ConfirmDialog
        open={confirmOneClick}
        title="Turn on one-click trading?"
        confirmLabel="Turn on"
        onClose={() => setConfirmOneClick(false)}
        onConfirm={() => {
          setConfirmOneClick(false);
          void setPreferences({ oneClick: true, oneClickConfirmed: true });
        }}
      >
        With one-click trading, the Buy and Sell price buttons send a market order at once, with the ticket's size, stop
        loss and take profit, without showing the order first.
      </ConfirmDialog>
    </Box>
  );
}

function money(f: ReturnType<typeof useFormatters>, amount: number | null | undefined, currency: string): string {
  return amount === null || amount === undefined ? '—' : f.money(amount, currency);
}

function Figures(props: { items: Array<[string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      aria-label="Order figures"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 0.25,
        fontSize: 13,
      }}
    >
      {props.items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** An SL or TP: one figure typed, by price or by pips (the lock), the other shown as derived. */
function StopField(props: {
  label: string;
  value: { value: string; lock: StopLock };
  other: { price: number; pips: number } | null;
  digits: number;
  error?: string;
  onChange: (value: { value: string; lock: StopLock }) => void;
}) {
  const { value, other } = props;
  const derived =
    other && value.value.trim() !== '' && readNumber(value.value) !== null
      ? value.lock === 'pips'
        ? `At ${other.price.toFixed(props.digits)}`
        : `${other.pips} pips from the entry`
      : `By ${value.lock === 'pips' ? 'pips from the entry' : 'price'}; blank for none`;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        size="small"
        label={`${props.label} (${value.lock === 'pips' ? 'pips' : 'price'})`}
        value={value.value}
        onChange={(e) => props.onChange({ ...value, value: e.target.value })}
        error={!!props.error}
        helperText={props.error ?? derived}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ flex: 1 }}
      />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={value.lock}
        aria-label={`${props.label} by`}
        onChange={(_e, lock: StopLock | null) => {
          if (!lock || lock === value.lock) return;
          // the figure shown carries over: switching to pips keeps the same level, in pips
          const carried = other ? (lock === 'pips' ? String(other.pips) : other.price.toFixed(props.digits)) : '';
          props.onChange({ lock, value: value.value.trim() === '' ? '' : carried });
        }}
        sx={{ '& .MuiToggleButton-root': { px: 1, py: 0.75, fontSize: 12 } }}
      >
        <ToggleButton value="price">Price</ToggleButton>
        <ToggleButton value="pips">Pips</ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
}
