import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Alert } from '@tradedesk/contracts';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../shared/test/render-with-store';
import { errorBody, mockFetch } from '../../test/fetch-mock';
import { checkValues, createBody } from './alert-body';
import { activeChartPrefill, closeAlertDialog, setActiveChart } from './alert-dialog-store';
import { fieldMessage } from './alert-field-messages';
import { type AlertFormValues, BUILT_IN_DEFAULTS, emptyAlertValues, prefilledValues } from './alert-form-model';
import { AlertsHost } from './alerts-host';
import AlertDialog from './components/alert-dialog';

/** The shell's alerts host at an address (the shell mounts it on every signed-in page), and that address. */
function renderHost(url: string) {
  const location = { search: '' };
  function Address() {
    location.search = useLocation().search;
    return null;
  }
  const view = renderWithStore(
    <MemoryRouter initialEntries={[url]}>
      <AlertsHost />
      <Address />
    </MemoryRouter>,
  );
  return { ...view, location };
}

const NOW = Date.parse('2026-11-23T08:00:00Z');
const UUID = '11111111-1111-4111-8111-111111111111';
const noSettings = {
  'GET /user-data/v1/store/workspace/alerts-settings': errorBody(404, 'NOT_FOUND', 'No such document'),
};

const base = () => emptyAlertValues(BUILT_IN_DEFAULTS, NOW);

function alert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: UUID,
    type: 'price',
    name: 'EURUSD above 1.1',
    symbol: 'EURUSD',
    condition: { operator: 'greater_than', value: 1.1 },
    interval: '1m',
    trigger: 'only_once',
    expiresAt: null,
    message: '',
    delivery: { app: true, toast: true, sound: false, email: false, webhook: null },
    status: 'active',
    lastTriggeredAt: null,
    triggerCount: 0,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  } as Alert;
}

afterEach(() => vi.unstubAllGlobals());

describe('the body each alert type sends', () => {
  const cases: {
    name: string;
    values: Partial<AlertFormValues>;
    condition: Record<string, unknown>;
    symbol?: string;
  }[] = [
    {
      name: 'price crossing up a value',
      values: { type: 'price', symbol: 'EURUSD', priceOperator: 'crossing_up', value: '1.0850' },
      condition: { operator: 'crossing_up', value: 1.085 },
      symbol: 'EURUSD',
    },
    {
      name: 'price entering a channel',
      values: { type: 'price', symbol: 'XAUUSD', priceOperator: 'entering_channel', lower: '2300', upper: '2400' },
      condition: { operator: 'entering_channel', lower: 2300, upper: 2400 },
      symbol: 'XAUUSD',
    },
    {
      name: 'price moving down by a percent in N minutes',
      values: { type: 'price', symbol: 'EURUSD', priceOperator: 'moving_down_pct', percent: '0,5', minutes: '30' },
      condition: { operator: 'moving_down_pct', percent: 0.5, minutes: 30 },
      symbol: 'EURUSD',
    },
    {
      name: 'indicator against a value, inputs with their kinds',
      values: {
        type: 'indicator',
        symbol: 'EURUSD',
        indicator: 'rsi',
        indicatorInputs: { length: '14', source: 'close' },
        plot: 'rsi',
        indicatorOperator: 'greater_than',
        compareTo: 'value',
        indicatorValue: '70',
        interval: '1h',
      },
      condition: {
        indicator: 'rsi',
        inputs: { length: 14, source: 'close' },
        plot: 'rsi',
        operator: 'greater_than',
        value: 70,
      },
      symbol: 'EURUSD',
    },
    {
      name: 'indicator against another plot',
      values: {
        type: 'indicator',
        symbol: 'EURUSD',
        indicator: 'macd',
        plot: 'macd',
        indicatorOperator: 'crossing_up',
        compareTo: 'plot',
        otherPlot: 'signal',
      },
      condition: { indicator: 'macd', inputs: {}, plot: 'macd', operator: 'crossing_up', against: 'signal' },
      symbol: 'EURUSD',
    },
    {
      name: 'drawing crossed',
      values: { type: 'drawing', symbol: 'EURUSD', drawingId: UUID, drawingOperator: 'crossing_down' },
      condition: { drawing_id: UUID, operator: 'crossing_down' },
    },
    {
      name: 'watchlist move',
      values: { type: 'watchlist', watchlistId: UUID, watchlistPercent: '2', watchlistMinutes: '60' },
      condition: { watchlist_id: UUID, operator: 'moving_up_pct', percent: 2, minutes: 60 },
    },
    {
      name: 'calendar events before, some currencies',
      values: { type: 'calendar', minutesBefore: '15', impact: 'high', currencies: 'usd, eur' },
      condition: { minutes_before: 15, impact: 'high', currencies: ['USD', 'EUR'] },
    },
    {
      name: 'account daily loss near the prop limit',
      values: { type: 'account', accountId: UUID, metric: 'daily_loss_within_pct', threshold: '20' },
      condition: { account_id: UUID, metric: 'daily_loss_within_pct', value: 20 },
    },
  ];

  it.each(cases)('$name', ({ values, condition, symbol }) => {
    const v = { ...base(), ...values };
    const body = createBody(v);
    expect(body.type).toBe(v.type);
    expect(body.condition).toEqual(condition);
    expect(body.symbol).toBe(symbol);
    expect(body.trigger).toBe('only_once');
    expect(body.expires_at).toBeNull();
    expect(body.delivery).toEqual({ app: true, toast: true, sound: false, email: false, webhook: null });
    expect(typeof body.name).toBe('string');
    expect((body.name as string).length).toBeGreaterThan(0);
    expect(checkValues(v)).toEqual({});
  });

  it('a webhook, an expiry and a message go with the body', () => {
    const v = {
      ...base(),
      symbol: 'EURUSD',
      value: '1.1',
      webhook: true,
      webhookUrl: 'https://hooks.example.com/a',
      expiresAt: '2026-12-01T10:30',
      message: '{{ticker}} at {{close}}',
    };
    const body = createBody(v);
    expect(body.delivery).toMatchObject({ webhook: { url: 'https://hooks.example.com/a' } });
    expect(body.expires_at).toBe(new Date('2026-12-01T10:30').toISOString());
    expect(body.message).toBe('{{ticker}} at {{close}}');
  });

  it('the form checks name the field: a missing value, a channel upside down, a bad webhook URL', () => {
    expect(checkValues({ ...base(), symbol: 'EURUSD' }).value).toBe('Price is required for crossing.');
    expect(
      checkValues({ ...base(), symbol: 'EURUSD', priceOperator: 'exiting_channel', lower: '2', upper: '1' }).upper,
    ).toBe('Upper bound must be greater than lower bound.');
    expect(
      checkValues({ ...base(), symbol: 'EURUSD', value: '1', webhook: true, webhookUrl: 'ftp://x' }).webhookUrl,
    ).toBe('Webhook URL must be an http or https URL.');
  });

  it("the form's messages speak of the fields by their labels, never by the body's wire paths", () => {
    // the contract's messages (what the schema and the server say) as each type of alert shows them
    expect(checkValues(base()).symbol).toBe('Symbol is required.');
    const indicator = checkValues({ ...base(), type: 'indicator', symbol: 'EURUSD', indicator: '', plot: '' });
    expect(indicator.indicator).toBe('Choose an indicator.');
    const noPlot = checkValues({ ...base(), type: 'indicator', symbol: 'EURUSD', indicator: 'rsi', plot: '' });
    expect(noPlot.plot).toBe('Choose a plot.');
    expect(checkValues({ ...base(), type: 'watchlist', watchlistId: '' }).watchlistId).toBe('Choose a watchlist.');
    expect(checkValues({ ...base(), type: 'account', accountId: '' }).accountId).toBe('Choose a trading account.');
    const percent = checkValues({ ...base(), type: 'watchlist', watchlistId: UUID, watchlistPercent: 'x' });
    expect(percent.watchlistPercent).toBe('Percent must be a number.');
    // the server's own refusals, translated the same way
    const v = { ...base(), type: 'watchlist' as const };
    expect(fieldMessage('watchlistId', 'condition.watchlist_id must be the id of one of your watchlists.', v)).toBe(
      'Watchlist must be one of your watchlists.',
    );
    expect(fieldMessage('expiresAt', 'expires_at must be a date and time in ISO 8601 format, or null.', v)).toBe(
      'Expiry must be a date and time.',
    );
    const all = Object.values({
      ...checkValues(base()),
      ...checkValues({ ...base(), type: 'indicator', indicator: 'rsi', plot: '' }),
      ...checkValues({ ...base(), type: 'calendar', minutesBefore: 'x', currencies: 'euro' }),
      ...checkValues({ ...base(), type: 'account', accountId: UUID, threshold: 'x' }),
    });
    for (const message of all) expect(message).not.toMatch(/condition\.|delivery\.|expires_at|_id\b/);
  });

  it('the chart and the order ticket prefill a crossing alert at their price', () => {
    const v = prefilledValues(BUILT_IN_DEFAULTS, { kind: 'price', symbol: 'EURUSD', price: 1.0812345, digits: 5 }, NOW);
    expect(v).toMatchObject({ type: 'price', symbol: 'EURUSD', priceOperator: 'crossing', value: '1.08123' });
    expect(v.interval).toBe('1m');
    // the chart's pane timeframe becomes the interval
    const chart = { kind: 'price' as const, symbol: 'BTCUSD', price: 76784.75, digits: 2, timeframe: '15m' };
    expect(prefilledValues(BUILT_IN_DEFAULTS, chart, NOW)).toMatchObject({ symbol: 'BTCUSD', interval: '15m' });
    const symbolOnly = prefilledValues(BUILT_IN_DEFAULTS, { kind: 'symbol', symbol: 'BTCUSD', timeframe: '4h' }, NOW);
    expect(symbolOnly).toMatchObject({ type: 'price', symbol: 'BTCUSD', interval: '4h', value: '' });
  });
});

describe('the alert dialog', () => {
  it('starts with trigger only_once, open-ended, toast on', async () => {
    mockFetch(noSettings);
    renderWithStore(<AlertDialog alertId={null} prefill={null} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create alert' });
    expect(within(dialog).getByRole('combobox', { name: 'Trigger' })).toHaveTextContent('Only once');
    expect(within(dialog).getByText('Open-ended: never expires.')).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Toast' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'E-mail' })).not.toBeChecked();
  });

  it("starts from the user's saved defaults", async () => {
    mockFetch({
      'GET /user-data/v1/store/workspace/alerts-settings': {
        body: {
          payload: {
            name: 'alerts-settings',
            version: 1,
            state: { toast: false, sound: true, email: true, trigger: 'every_time', expiryDays: null },
            updatedAt: '2026-11-20T08:00:00.000Z',
          },
        },
      },
    });
    renderWithStore(<AlertDialog alertId={null} prefill={null} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create alert' });
    expect(within(dialog).getByRole('combobox', { name: 'Trigger' })).toHaveTextContent('Every time');
    expect(within(dialog).getByRole('switch', { name: 'Sound' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Toast' })).not.toBeChecked();
  });

  it('Enter creates the prefilled price alert with the body of the contract', async () => {
    const net = mockFetch({ ...noSettings, 'POST /alerts': { status: 201, body: alert() } });
    const onClose = vi.fn();
    renderWithStore(
      <AlertDialog
        alertId={null}
        prefill={{ kind: 'price', symbol: 'EURUSD', price: 1.08, digits: 5 }}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Create alert' });
    const price = within(dialog).getByRole('textbox', { name: 'Price' });
    expect(price).toHaveValue('1.08000');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message' }), '{{{{ticker}} hit {{{{close}}');
    expect(within(dialog).getByRole('note', { name: 'Message preview' })).toHaveTextContent('EURUSD hit 1.08000');
    await userEvent.type(price, '{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(net.callsTo('POST', '/alerts')[0]?.body).toEqual({
      type: 'price',
      symbol: 'EURUSD',
      name: 'EURUSD crossing 1.08000',
      condition: { operator: 'crossing', value: 1.08 },
      interval: '1m',
      trigger: 'only_once',
      expires_at: null,
      message: '{{ticker}} hit {{close}}',
      delivery: { app: true, toast: true, sound: false, email: false, webhook: null },
    });
  });

  it("shows the server's refusals on their fields and stays open", async () => {
    const net = mockFetch({
      ...noSettings,
      'POST /alerts': errorBody(400, 'VALIDATION_FAILED', 'symbol must be a known symbol.', {
        fields: [
          { field: 'symbol', message: 'symbol must be a known symbol.' },
          { field: 'delivery.webhook.url', message: 'delivery.webhook.url must not point at a private address.' },
        ],
      }),
    });
    const onClose = vi.fn();
    renderWithStore(
      <AlertDialog alertId={null} prefill={{ kind: 'price', symbol: 'NOPE', price: 2, digits: 2 }} onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Create alert' });
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Webhook' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Webhook URL' }), 'http://10.0.0.1/hook');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Symbol must be a known symbol.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Symbol' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Webhook URL' })).toHaveAccessibleDescription(
      'Webhook URL must not point at a private address.',
    );
    expect(net.callsTo('POST', '/alerts')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a missing value is refused on its field before any call; Escape with changes asks to discard', async () => {
    const net = mockFetch(noSettings);
    const onClose = vi.fn();
    renderWithStore(<AlertDialog alertId={null} prefill={null} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create alert' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Symbol' }), 'eurusd{Enter}');
    expect(await within(dialog).findByText('Price is required for crossing.')).toBeInTheDocument();
    expect(net.callsTo('POST', '/alerts')).toHaveLength(0);
    await userEvent.keyboard('{Escape}');
    await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('edits a saved alert with PUT, without the type', async () => {
    const net = mockFetch({
      ...noSettings,
      [`GET /alerts/${UUID}`]: { body: alert() },
      [`PUT /alerts/${UUID}`]: { body: alert({ condition: { operator: 'greater_than', value: 1.2 } }) },
    });
    const onClose = vi.fn();
    renderWithStore(<AlertDialog alertId={UUID} prefill={null} onClose={onClose} />);
    // The dialog shows a loading state first, then the form with the saved values.
    const price = await screen.findByRole('textbox', { name: 'Price' }, { timeout: 10_000 });
    expect(screen.getByRole('dialog', { name: 'Edit alert' })).toContainElement(price);
    expect(price).toHaveValue('1.1');
    await userEvent.clear(price);
    await userEvent.type(price, '1.2{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = net.callsTo('PUT', `/alerts/${UUID}`)[0]?.body as Record<string, unknown>;
    expect(body.type).toBeUndefined();
    expect(body.condition).toEqual({ operator: 'greater_than', value: 1.2 });
    expect(body.name).toBe('EURUSD above 1.1');
  });
});

describe('the alerts panel', () => {
  beforeEach(() => {
    // jsdom lays nothing out: give the table's scrolling area a height, as a browser would.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  });
  afterEach(() => vi.restoreAllMocks());

  it("Create alert on a chart page starts from the active chart's symbol and timeframe", async () => {
    mockFetch({ ...noSettings, 'GET /alerts': { body: { alerts: [] } } });
    // the chart workspace says which chart is active while it is mounted
    setActiveChart({ symbol: 'BTCUSD', timeframe: '15m' });
    try {
      renderHost('/chart?alerts=open');
      const panel = await screen.findByRole('dialog', { name: 'Alerts' }, { timeout: 10_000 });
      await userEvent.click(within(panel).getByRole('button', { name: 'Create alert' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create alert' });
      expect(within(dialog).getByRole('textbox', { name: 'Symbol' })).toHaveValue('BTCUSD');
    } finally {
      setActiveChart(null);
      closeAlertDialog();
    }
    // away from a chart the symbol starts empty
    expect(activeChartPrefill()).toBeNull();
  });

  it('opens from ?alerts=open, lists the alerts, filters them, and switches tab in the address', async () => {
    mockFetch({
      ...noSettings,
      'GET /alerts': {
        body: {
          alerts: [
            alert(),
            alert({
              id: '22222222-2222-4222-8222-222222222222',
              name: 'Fired one',
              status: 'triggered',
              lastTriggeredAt: '2026-11-22T08:00:00.000Z',
              triggerCount: 1,
            }),
          ],
        },
      },
    });
    const { location } = renderHost('/chart?alerts=open');
    const panel = await screen.findByRole('dialog', { name: 'Alerts' }, { timeout: 10_000 });
    expect(await within(panel).findByText('EURUSD above 1.1', {}, { timeout: 10_000 })).toBeInTheDocument();
    const grid = within(panel).getByRole('grid', { name: 'Alerts' });
    expect(within(grid).getByText('EURUSD greater than 1.10000')).toBeInTheDocument();
    expect(within(grid).queryByText('Fired one')).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Triggered' }));
    expect(await within(grid).findByText('Fired one')).toBeInTheDocument();
    expect(within(grid).queryByText('EURUSD above 1.1')).toBeNull();

    await userEvent.click(within(panel).getByRole('tab', { name: 'Settings' }));
    expect(location.search).toBe('?alerts=open&alertsTab=settings');
    expect(await within(panel).findByRole('combobox', { name: 'Default trigger' })).toHaveTextContent('Only once');

    await userEvent.click(within(panel).getByRole('button', { name: 'Close alerts' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Alerts' })).toBeNull());
    expect(location.search).toBe('');
  });

  it('opens on the settings tab from ?alerts=open&alertsTab=settings, and saves a default', async () => {
    const net = mockFetch({
      ...noSettings,
      'PUT /user-data/v1/store/workspace/alerts-settings': (req) => ({
        body: { payload: { name: 'alerts-settings', ...(req.body as object), updatedAt: '2026-11-23T08:00:00.000Z' } },
      }),
    });
    renderHost('/chart?alerts=open&alertsTab=settings');
    const panel = await screen.findByRole('dialog', { name: 'Alerts' }, { timeout: 10_000 });
    expect(within(panel).getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(await within(panel).findByRole('switch', { name: 'Sound' }));
    await waitFor(() =>
      expect(net.callsTo('PUT', '/user-data/v1/store/workspace/alerts-settings')[0]?.body).toEqual({
        version: 1,
        state: { toast: true, sound: true, email: false, trigger: 'only_once', expiryDays: null },
      }),
    );
  });
});
