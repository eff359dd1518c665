import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type CalendarSettings,
  calendarSettingsBodySchema,
  DEFAULT_CALENDAR_SETTINGS,
  type EarningsEvent,
  type EconomicEvent,
  type EconomicEventDetail,
  type IpoEvent,
  type IpoEventDetail,
} from '@tradedesk/contracts';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FormatPreferencesProvider } from '../../shared/format/format-preferences';
import { renderWithStore } from '../../shared/test/render-with-store';
import { mockFetch } from '../../test/fetch-mock';
import { CalendarScreen } from './calendar-page';
import { calendarParamsOf, calendarViewOf, passesImpact } from './calendar-url';
import { statusLabel } from './corporate-columns';
import { formatCountdown, nextOf } from './countdown';
import { NextEvent } from './next-event';
import {
  amountText,
  keepEarnings,
  parseAmount,
  settingsBodyOf,
  settingsFormOf,
  validateSettings,
} from './settings-model';
import { betterWhenOf, eventSurprise, surpriseOf } from './surprise';
import { addDays, groupByDay, mondayOf } from './week';

// jsdom draws no SVG: the history chart stands in as a labelled box with its periods and bar colours.
vi.mock('./history-chart', () => ({
  default: (props: { periods: string[]; colours: string[] }) => (
    <div
      role="img"
      aria-label={`History chart of ${props.periods.join(', ')}`}
      data-colours={props.colours.join(' ')}
    />
  ),
}));

vi.mock('./price-chart', () => ({
  default: (props: { label: string; closes: number[]; offer: number | null }) => (
    <div role="img" aria-label={props.label} data-closes={props.closes.join(' ')} data-offer={props.offer} />
  ),
}));

function economic(overrides: Partial<EconomicEvent> = {}): EconomicEvent {
  return {
    id: 'US-NFP-2026-03-06',
    code: 'US-NFP',
    title: 'Non-Farm Payrolls',
    country: 'US',
    currency: 'USD',
    impact: 'high',
    time: '2026-03-06T13:30:00.000Z',
    period: 'Feb 2026',
    unit: 'K',
    decimals: 0,
    actual: 210,
    forecast: 180,
    prior: 175,
    surprise: 30,
    tone: 'positive',
    released: true,
    source: 'Simulated',
    instruments: ['EURUSD', 'USDJPY'],
    ...overrides,
  };
}

// The week of Monday 2 March 2026.
const weekEvents: EconomicEvent[] = [
  economic(),
  economic({
    id: 'DE-IFO-2026-03-02',
    code: 'DE-IFO',
    title: 'Ifo Business Climate',
    country: 'DE',
    currency: 'EUR',
    impact: 'medium',
    time: '2026-03-02T09:00:00.000Z',
    unit: null,
    decimals: 1,
    actual: 85.2,
    forecast: 86,
    prior: 85.5,
    surprise: -0.8,
    tone: 'negative',
  }),
  economic({
    id: 'JP-TRADE-2026-03-04',
    code: 'JP-TRADE',
    title: 'Trade Balance',
    country: 'JP',
    currency: 'JPY',
    impact: 'low',
    time: '2026-03-04T23:50:00.000Z',
    unit: 'B',
    decimals: 1,
    actual: null,
    forecast: 120,
    prior: 110,
    surprise: null,
    tone: null,
    released: false,
    source: 'Weekly feed',
  }),
];

describe('the calendar week', () => {
  it('runs Monday to Friday: a Sunday belongs to the week that just ended', () => {
    expect(mondayOf('2026-03-04')).toBe('2026-03-02');
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
    expect(mondayOf('2026-03-09')).toBe('2026-03-09');
    expect(addDays('2026-02-27', 4)).toBe('2026-03-03');
  });

  it('groups events by the day of the user’s zone, Monday to Friday, empty days kept and weekends left out', () => {
    const timeOf = (e: { time: string }) => e.time;
    const items = [
      { id: 'fri-late', time: '2026-03-06T23:30:00Z' }, // Saturday 08:30 in Tokyo: left out
      { id: 'sun-late', time: '2026-03-01T22:00:00Z' }, // Monday 07:00 in Tokyo
      { id: 'wed', time: '2026-03-04T12:00:00Z' },
      { id: 'mon', time: '2026-03-02T01:00:00Z' },
    ];
    const tokyo = groupByDay(items, '2026-03-02', 'Asia/Tokyo', timeOf);
    expect(tokyo.map((g) => g.day)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']);
    expect(tokyo.map((g) => g.items.map((i) => i.id))).toEqual([['sun-late', 'mon'], [], ['wed'], [], []]);
    const utc = groupByDay(items, '2026-03-02', 'UTC', timeOf);
    expect(utc.map((g) => g.items.map((i) => i.id))).toEqual([['mon'], [], ['wed'], [], ['fri-late']]);
  });
});

describe('surprise colouring', () => {
  it.each([
    ['higher is better, above forecast', 210, 180, 'higher', 0, 'better'],
    ['higher is better, below forecast', 150, 180, 'higher', 0, 'worse'],
    ['lower is better, above forecast', 4.2, 4.0, 'lower', 1, 'worse'],
    ['lower is better, below forecast', 3.8, 4.0, 'lower', 1, 'better'],
    ['equal at the shown decimals', 3.04, 3.0, 'higher', 1, 'inline'],
    ['no actual yet', null, 3.0, 'higher', 1, null],
    ['no forecast', 3.1, null, 'higher', 1, null],
  ] as const)('%s', (_name, actual, forecast, better, decimals, expected) => {
    expect(surpriseOf(actual, forecast, better, decimals)).toBe(expected);
  });

  it('takes the direction from the event’s tone, else from the indicator’s name', () => {
    // Unemployment came in above the forecast and the server calls it bad news: lower is better.
    expect(
      betterWhenOf({ title: 'Unemployment Rate', code: 'US-UR', actual: 4.2, forecast: 4.0, tone: 'negative' }),
    ).toBe('lower');
    expect(betterWhenOf({ title: 'Initial Jobless Claims', code: null, actual: null, forecast: 220, tone: null })).toBe(
      'lower',
    );
    expect(betterWhenOf({ title: 'Retail Sales', code: null, actual: null, forecast: 0.3, tone: null })).toBe('higher');
    expect(eventSurprise(economic({ tone: 'negative', actual: 210, forecast: 180 }))).toBe('worse');
    expect(
      eventSurprise(economic({ tone: null, title: 'Unemployment Rate', actual: 3.8, forecast: 4, decimals: 1 })),
    ).toBe('better');
  });
});

describe('the countdown', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    [12_000, '12s'],
    [65_000, '1m 05s'],
    [3 * 3600_000 + 5 * 60_000, '3h 05m'],
    [2 * 86_400_000 + 4 * 3600_000 + 1, '2d 4h'],
    [-5, '0s'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });

  it('picks the next event to come', () => {
    const now = Date.parse('2026-03-04T12:00:00Z');
    expect(nextOf(weekEvents, now, (e) => e.time)?.id).toBe('JP-TRADE-2026-03-04');
    expect(nextOf(weekEvents, Date.parse('2026-03-07T00:00:00Z'), (e) => e.time)).toBeNull();
  });

  it('ticks every second to the next event and reports when it is due', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-06T13:28:55Z'));
    const onDue = vi.fn();
    render(
      <FormatPreferencesProvider value={{ timeZone: 'UTC', locale: 'en-GB' }}>
        <NextEvent events={weekEvents} onDue={onDue} />
      </FormatPreferencesProvider>,
    );
    const timer = screen.getByRole('timer', { name: 'Next event' });
    expect(timer).toHaveTextContent('Non-Farm Payrolls');
    expect(within(timer).getByTestId('countdown')).toHaveTextContent('1m 05s');
    act(() => vi.advanceTimersByTime(1000));
    expect(within(timer).getByTestId('countdown')).toHaveTextContent('1m 04s');
    expect(onDue).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(65_000));
    expect(onDue).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('timer')).toBeNull();
  });
});

describe('IPO status', () => {
  it('is shown capitalised', () => {
    expect(['expected', 'priced', 'withdrawn', 'PRICED', 'filed_late'].map(statusLabel)).toEqual([
      'Expected',
      'Priced',
      'Withdrawn',
      'Priced',
      'Filed late',
    ]);
  });
});

describe('calendar settings', () => {
  const form = settingsFormOf(DEFAULT_CALENDAR_SETTINGS);

  it('names the field of a wrong value', () => {
    expect(validateSettings({ ...form, epsMin: 'abc' })).toEqual({
      epsMin: 'EPS min must be a number (10B = 10 billion), or empty for no minimum.',
    });
    expect(validateSettings({ ...form, revenueMin: '10B', revenueMax: '2.5t', marketCapMin: '500m' })).toEqual({});
    expect(validateSettings({ ...form, revenueMin: '10X' })).toEqual({
      revenueMin: 'Revenue min must be a number (10B = 10 billion), or empty for no minimum.',
    });
    expect(validateSettings({ ...form, revenueMin: '2B', revenueMax: '900M' })).toEqual({
      revenueMax: 'Revenue max must not be less than Revenue min.',
    });
    expect(validateSettings({ ...form, marketCapMin: '5e9', marketCapMax: '1e9' })).toEqual({
      marketCapMax: 'Market cap max must not be less than Market cap min.',
    });
    expect(validateSettings({ ...form, revenueMin: '1 000,5', revenueMax: '' })).toEqual({});
  });

  it('saves every section, empty amounts as no bound and lists split on commas', () => {
    expect(
      settingsBodyOf({ ...form, impactLevel: 'medium', exchanges: ' NASDAQ, NYSE ,', epsMin: '0.5', iposShow: false }),
    ).toEqual({
      economic: { show: true, impact_level: 'medium' },
      filters: { exchanges: ['NASDAQ', 'NYSE'], industries: [] },
      earnings: { show: true, eps_min: 0.5, eps_max: null, revenue_min: null, revenue_max: null },
      ipos: { show: false, market_cap_min: null, market_cap_max: null },
    });
  });

  it('reads K, M, B and T amounts in any case, and shows saved amounts with them', () => {
    expect(parseAmount('10B')).toBe(10e9);
    expect(parseAmount('1.1b')).toBe(1.1e9);
    expect(parseAmount('250k')).toBe(250_000);
    expect(parseAmount('2.5 M')).toBe(2.5e6);
    expect(parseAmount('3T')).toBe(3e12);
    expect(parseAmount('-0.25')).toBe(-0.25);
    expect(parseAmount('B')).toBe('bad');
    expect(parseAmount('10BB')).toBe('bad');
    expect(amountText(10e9)).toBe('10B');
    expect(amountText(2.5e6)).toBe('2.5M');
    expect(amountText(0.5)).toBe('0.5');
    expect(amountText(null)).toBe('');
    expect(
      settingsFormOf({ ...DEFAULT_CALENDAR_SETTINGS, ipos: { show: true, marketCapMin: 5e8, marketCapMax: null } }),
    ).toMatchObject({ marketCapMin: '500M', marketCapMax: '' });
  });

  it('filters earnings by exchange and EPS estimate', () => {
    const settings: CalendarSettings = {
      ...DEFAULT_CALENDAR_SETTINGS,
      filters: { exchanges: ['nasdaq'], industries: [] },
      earnings: { ...DEFAULT_CALENDAR_SETTINGS.earnings, epsMin: 1 },
    };
    const e = {
      id: 'e',
      instrumentId: 'AAPL',
      company: 'Apple',
      exchange: 'NASDAQ',
      country: 'US',
      industry: 'Technology',
      time: '2026-03-03T21:00:00Z',
      session: 'after_close',
      fiscalPeriod: 'Q1',
      currency: 'USD',
      epsEstimate: 1.5,
      epsActual: null,
      revenueEstimate: 9e10,
      revenueActual: null,
      marketCap: 3e12,
      released: false,
      source: 'Simulated',
    };
    expect(keepEarnings(e, settings)).toBe(true);
    expect(keepEarnings({ ...e, epsEstimate: 0.5 }, settings)).toBe(false);
    expect(keepEarnings({ ...e, exchange: 'NYSE' }, settings)).toBe(false);
  });
});

describe('the address', () => {
  it('keeps the tab, week, filters and open event, any day standing for its Monday', () => {
    const view = calendarViewOf(new URLSearchParams('tab=ipos&week=2026-03-05&impact=high&country=us&event=X-1'));
    expect(view).toMatchObject({ tab: 'ipos', week: '2026-03-02', impact: 'high', country: 'US', event: 'X-1' });
    expect(calendarParamsOf(view).toString()).toBe('tab=ipos&week=2026-03-02&impact=high&country=US&event=X-1');
    expect(calendarViewOf(new URLSearchParams('tab=nope&impact=huge&week=2026-13-01'))).toMatchObject({
      tab: 'economic',
      impact: '',
      week: '',
    });
    expect([passesImpact('low', 'All'), passesImpact('low', 'medium'), passesImpact('high', 'medium')]).toEqual([
      true,
      false,
      true,
    ]);
  });
});

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.search}</output>;
}

const detail: EconomicEventDetail = {
  event: weekEvents[0]!,
  indicator: {
    code: 'US-NFP',
    name: 'Non-Farm Payrolls',
    description: 'The change in the number of people employed outside farming.',
    schedule: 'First Friday of the month, 08:30 New York time',
    country: 'US',
    currency: 'USD',
    impact: 'high',
    unit: 'K',
  },
  history: [
    {
      id: 'h1',
      time: '2026-01-09T13:30:00Z',
      period: 'Dec 2025',
      actual: 150,
      forecast: 170,
      prior: 160,
      surprise: -20,
    },
    {
      id: 'h2',
      time: '2026-02-06T13:30:00Z',
      period: 'Jan 2026',
      actual: 175,
      forecast: 165,
      prior: 150,
      surprise: 10,
    },
  ],
  instruments: [
    {
      instrumentId: 'EURUSD',
      moves: [{ releaseId: 'h2', time: '2026-02-06T13:30:00Z', changePercent: -0.42 }],
      averageAbsMovePercent: 0.35,
    },
  ],
};

function renderCalendar(url: string, settings: CalendarSettings = DEFAULT_CALENDAR_SETTINGS, routes = {}) {
  const net = mockFetch({
    'GET /market/calendar/economic': {
      body: { from: '2026-03-01T00:00:00Z', to: '2026-03-08T00:00:00Z', events: weekEvents, total: 3 },
    },
    'GET /market/calendar/settings': { body: settings },
    [`GET /market/calendar/economic/${detail.event.id}`]: { body: detail },
    ...routes,
  });
  const router = createMemoryRouter(
    [
      {
        path: '/market-intelligence/calendar',
        element: (
          <FormatPreferencesProvider value={{ timeZone: 'UTC', locale: 'en-GB' }}>
            <CalendarScreen />
            <Address />
          </FormatPreferencesProvider>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  return { net, ...renderWithStore(<RouterProvider router={router} />) };
}

const grid = () => screen.getByRole('grid', { name: 'Economic calendar' });
const eventRows = () => within(grid()).queryAllByTestId(/^calendar-row-/);

describe('the calendar screen', () => {
  beforeEach(() => {
    // jsdom lays nothing out: give the grid's scrolling area a height, as a browser would.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the week Monday to Friday grouped by day, with impact bars, the source and the actual coloured', async () => {
    const { net } = renderCalendar('/market-intelligence/calendar?week=2026-03-04');
    await waitFor(() => expect(eventRows()).toHaveLength(3));
    const query = net.callsTo('GET', '/market/calendar/economic')[0]!.query;
    expect([query.get('from'), query.get('to')]).toEqual(['2026-03-01', '2026-03-07']);
    expect(screen.getByRole('heading', { level: 2, name: 'Mon 2 Mar – Fri 6 Mar 2026' })).toBeInTheDocument();
    const rows = within(grid()).getAllByRole('row').slice(1);
    // Monday Ifo, Tuesday empty, Wednesday JP trade, Thursday empty, Friday NFP.
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual([
      'calendar-row-DE-IFO-2026-03-02',
      'calendar-empty-2026-03-03',
      'calendar-row-JP-TRADE-2026-03-04',
      'calendar-empty-2026-03-05',
      'calendar-row-US-NFP-2026-03-06',
    ]);
    // the Day column is short ("Tue 3", the heading gives the month), the whole day in its title
    expect(rows[1]).toHaveTextContent('Tue 3No events');
    expect(within(rows[1]!).getByText('Tue 3')).toHaveAttribute('title', 'Tuesday, 3 March 2026');
    // a double click opens the row without selecting its text (the mouse down's default is prevented)
    expect(fireEvent.mouseDown(within(rows[4]!).getByText('Non-Farm Payrolls'), { detail: 2 })).toBe(false);
    expect(fireEvent.mouseDown(within(rows[4]!).getByText('Non-Farm Payrolls'), { detail: 1 })).toBe(true);
    const nfp = screen.getByTestId('calendar-row-US-NFP-2026-03-06');
    expect(within(nfp).getByRole('img', { name: 'High impact' })).toHaveAttribute('data-bars', '3');
    expect(within(nfp).getByText('Simulated')).toBeInTheDocument();
    expect(nfp.querySelector('[data-surprise]')).toHaveAttribute('data-surprise', 'better');
    expect(nfp).toHaveTextContent('210K (better than forecast)');
    const ifo = screen.getByTestId('calendar-row-DE-IFO-2026-03-02');
    expect(ifo.querySelector('[data-surprise]')).toHaveAttribute('data-surprise', 'worse');
    expect(screen.getByTestId('calendar-row-JP-TRADE-2026-03-04')).toHaveTextContent('Weekly feed');
  });

  it('filters by impact (kept in the address) and by country; the settings give the default level', async () => {
    const user = userEvent.setup();
    renderCalendar('/market-intelligence/calendar?week=2026-03-02', {
      ...DEFAULT_CALENDAR_SETTINGS,
      economic: { show: true, impactLevel: 'medium' },
    });
    await waitFor(() => expect(eventRows()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Medium and above' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'High' }));
    await waitFor(() => expect(eventRows()).toHaveLength(1));
    expect(eventRows()[0]).toHaveTextContent('Non-Farm Payrolls');
    expect(screen.getByLabelText('address')).toHaveTextContent('impact=high');
    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(eventRows()).toHaveLength(3));
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    // countries by name: the week's (DE) and every country of the calendar's indicator table (NZ, EU)
    const names = screen.getAllByRole('option').map((o) => o.textContent);
    expect(names).toEqual(expect.arrayContaining(['All countries', 'Germany', 'New Zealand', 'European Union']));
    expect(names).not.toContain('DE');
    await user.click(screen.getByRole('option', { name: 'Germany' }));
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveTextContent('Germany');
    await waitFor(() => expect(eventRows()).toHaveLength(1));
    expect(eventRows()[0]).toHaveTextContent('Ifo Business Climate');
  });

  it('moves between weeks', async () => {
    const user = userEvent.setup();
    const { net } = renderCalendar('/market-intelligence/calendar?week=2026-03-02');
    await waitFor(() => expect(eventRows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByLabelText('address')).toHaveTextContent('week=2026-03-09');
    await waitFor(() => expect(net.callsTo('GET', '/market/calendar/economic')).toHaveLength(2));
    expect(net.callsTo('GET', '/market/calendar/economic')[1]!.query.get('from')).toBe('2026-03-08');
  });

  it('opens an event from the keyboard into its drawer, with its history and instruments, kept in the address', async () => {
    const user = userEvent.setup();
    renderCalendar('/market-intelligence/calendar?week=2026-03-02');
    await waitFor(() => expect(eventRows()).toHaveLength(3));
    const firstCell = within(eventRows()[0]!).getAllByRole('gridcell')[0]!;
    act(() => firstCell.focus());
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Economic event: Non-Farm Payrolls' });
    expect(screen.getByLabelText('address')).toHaveTextContent('event=US-NFP-2026-03-06');
    const tabs = within(drawer).getByRole('tablist', { name: 'Event details' });
    expect(tabs).toHaveAttribute('aria-orientation', 'vertical');
    expect(within(drawer).getByText('First Friday of the month, 08:30 New York time')).toBeInTheDocument();
    await user.click(within(tabs).getByRole('tab', { name: 'History' }));
    // Dec: 150 against 170 forecast (worse, red); Jan: 175 against 165 (better, green).
    const chart = await within(drawer).findByRole('img', { name: 'History chart of Dec 2025, Jan 2026' });
    const [dec, jan] = (chart.getAttribute('data-colours') ?? '').split(' ');
    expect(dec).not.toBe(jan);
    const past = within(drawer).getByRole('table', { name: 'Past releases' });
    expect(within(past).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByLabelText('address')).toHaveTextContent('detail=history');
    await user.click(within(tabs).getByRole('tab', { name: 'Instruments' }));
    expect(within(drawer).getByRole('link', { name: 'EURUSD' })).toHaveAttribute('href', '/chart?symbol=EURUSD');
  });

  it('lists the week’s earnings and opens one: EPS and revenue against the estimates, beat or miss', async () => {
    const user = userEvent.setup();
    const report: EarningsEvent = {
      id: 'ER-AAPL-2026Q1',
      instrumentId: 'AAPL',
      company: 'Apple Inc.',
      exchange: 'NASDAQ',
      country: 'US',
      industry: 'Technology hardware',
      time: '2026-03-04T21:30:00.000Z',
      session: 'after_close',
      fiscalPeriod: 'Q1 2026',
      currency: 'USD',
      epsEstimate: 2.0,
      epsActual: 2.2,
      revenueEstimate: 100e9,
      revenueActual: 95e9,
      marketCap: 3.4e12,
      released: true,
      source: 'Simulated',
    };
    renderCalendar('/market-intelligence/calendar?tab=earnings&week=2026-03-02', DEFAULT_CALENDAR_SETTINGS, {
      'GET /market/calendar/earnings': {
        body: { from: '2026-03-01T00:00:00Z', to: '2026-03-08T00:00:00Z', events: [report], total: 1 },
      },
      [`GET /market/calendar/earnings/${report.id}`]: {
        body: {
          event: report,
          history: [
            {
              id: 'ER-AAPL-2025Q3',
              time: '2025-10-30T20:30:00.000Z',
              fiscalPeriod: 'Q3 2025',
              epsEstimate: 1.5,
              epsActual: 1.35,
              revenueEstimate: 90e9,
              revenueActual: 91.8e9,
              epsSurprisePercent: -10,
              revenueSurprisePercent: 2,
            },
            {
              id: 'ER-AAPL-2025Q4',
              time: '2026-01-29T21:30:00.000Z',
              fiscalPeriod: 'Q4 2025',
              epsEstimate: 2.4,
              epsActual: 2.52,
              revenueEstimate: 120e9,
              revenueActual: 118.8e9,
              epsSurprisePercent: 5,
              revenueSurprisePercent: -1,
            },
          ],
        },
      },
    });
    const table = await screen.findByRole('grid', { name: 'Earnings calendar' });
    await waitFor(() => expect(within(table).queryAllByTestId(/^calendar-row-/)).toHaveLength(1));
    const row = within(table).getByTestId(/^calendar-row-/);
    expect(row).toHaveTextContent('Apple Inc.');
    act(() => within(row).getAllByRole('gridcell')[0]!.focus());
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Earnings: Apple Inc.' });
    // EPS 2.20 against 2.00: a 10 % beat; revenue 95 B against 100 B: a 5 % miss
    expect(within(drawer).getByText(/beat \+10\.0\s?%/)).toBeInTheDocument();
    expect(within(drawer).getByText(/miss −5\.0\s?%|miss -5\.0\s?%/)).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Open the AAPL chart' })).toHaveAttribute(
      'href',
      '/chart?symbol=AAPL',
    );
    expect(screen.getByLabelText('address')).toHaveTextContent('tab=earnings');
    // the past quarters, as the economic drawer shows its history: a chart (miss red, beat green) and a table
    await user.click(within(drawer).getByRole('tab', { name: 'Past quarters' }));
    const chart = await within(drawer).findByRole('img', { name: 'History chart of Q3 2025, Q4 2025' });
    const [q3, q4] = (chart.getAttribute('data-colours') ?? '').split(' ');
    expect(q3).not.toBe(q4);
    const quarters = within(drawer).getByRole('table', { name: 'Past quarters' });
    const rows = within(quarters).getAllByRole('row');
    expect(rows).toHaveLength(3);
    // newest first: Q4 beat EPS by 5 % and missed revenue by 1 %
    expect(rows[1]).toHaveTextContent('Q4 2025');
    expect(within(rows[1]!).getByText(/beat \+5\.0\s?%/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText(/miss [−-]1\.0\s?%/)).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Q3 2025');
    expect(screen.getByLabelText('address')).toHaveTextContent('detail=history');
  });

  it('opens an IPO with its price since the listing: closes against the offer price, from the source named', async () => {
    const user = userEvent.setup();
    const ipo: IpoEvent = {
      id: 'IPO-2026-03-02-1',
      company: 'Orbelle Software Holdings',
      ticker: 'OSWH',
      exchange: 'NASDAQ',
      country: 'US',
      industry: 'Software',
      time: '2026-03-02T14:30:00.000Z',
      currency: 'USD',
      priceLow: 20,
      priceHigh: 23,
      sharesOffered: 10e6,
      marketCap: 1.2e9,
      status: 'priced',
      finalPrice: 24,
      description: 'A fictional software company.',
      source: 'Simulated',
    };
    const detail: IpoEventDetail = {
      event: ipo,
      priceHistory: [
        { time: '2026-03-02T21:00:00.000Z', close: 29.5 },
        { time: '2026-03-03T21:00:00.000Z', close: 28.1 },
        { time: '2026-03-04T21:00:00.000Z', close: 30 },
      ],
      priceSource: 'Simulated',
      changeSinceOfferPercent: 25,
    };
    renderCalendar('/market-intelligence/calendar?tab=ipos&week=2026-03-02', DEFAULT_CALENDAR_SETTINGS, {
      'GET /market/calendar/ipos': {
        body: { from: '2026-03-01T00:00:00Z', to: '2026-03-08T00:00:00Z', events: [ipo], total: 1 },
      },
      [`GET /market/calendar/ipos/${ipo.id}`]: { body: detail },
    });
    const table = await screen.findByRole('grid', { name: 'IPO calendar' });
    await waitFor(() => expect(within(table).queryAllByTestId(/^calendar-row-/)).toHaveLength(1));
    act(() =>
      within(within(table).getByTestId(/^calendar-row-/))
        .getAllByRole('gridcell')[0]!
        .focus(),
    );
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'IPO: Orbelle Software Holdings' });
    await user.click(within(drawer).getByRole('tab', { name: 'Price since listing' }));
    const chart = await within(drawer).findByRole('img', {
      name: 'Orbelle Software Holdings: 3 closes since the listing',
    });
    expect(chart).toHaveAttribute('data-closes', '29.5 28.1 30');
    expect(chart).toHaveAttribute('data-offer', '24');
    const facts = within(drawer).getByLabelText('Performance since the offer');
    expect(facts).toHaveTextContent(/Since the offer\+25\.0\s?%/);
    expect(within(facts).getByText('Simulated')).toBeInTheDocument();
    const closes = within(drawer).getByRole('table', { name: 'Closes since listing' });
    expect(within(closes).getAllByRole('row')[1]).toHaveTextContent('4 Mar 2026');
    expect(screen.getByLabelText('address')).toHaveTextContent('detail=history');
  });

  it('reopens the event of the address on load', async () => {
    renderCalendar('/market-intelligence/calendar?week=2026-03-02&event=US-NFP-2026-03-06');
    expect(await screen.findByRole('dialog', { name: 'Economic event: Non-Farm Payrolls' })).toBeInTheDocument();
  });

  it('shows the server’s error with a retry', async () => {
    renderCalendar('/market-intelligence/calendar?week=2026-03-02', DEFAULT_CALENDAR_SETTINGS, {
      'GET /market/calendar/economic': { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Boom' } },
    });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('sends the settings body in the wire’s snake_case, exactly (the server’s body schema)', async () => {
    const user = userEvent.setup();
    const { net } = renderCalendar('/market-intelligence/calendar?week=2026-03-02', DEFAULT_CALENDAR_SETTINGS, {
      'PUT /market/calendar/settings': { body: DEFAULT_CALENDAR_SETTINGS },
    });
    await waitFor(() => expect(eventRows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Calendar settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Calendar settings' });
    const revenueMin = within(dialog).getByRole('textbox', { name: 'Revenue min' });
    expect(revenueMin).toHaveAccessibleDescription('In the company’s currency; 10B = 10 billion (K, M, B, T).');
    await user.type(revenueMin, '10b');
    await user.type(within(dialog).getByRole('textbox', { name: 'Market cap max' }), '2.5T');
    await user.type(within(dialog).getByRole('textbox', { name: 'EPS min' }), '0.5');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Industries' }), {
      target: { value: 'Tech, Energy' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo('PUT', '/market/calendar/settings')).toHaveLength(1));
    expect(net.callsTo('PUT', '/market/calendar/settings')[0]!.body).toEqual({
      economic: { show: true, impact_level: 'All' },
      filters: { exchanges: [], industries: ['Tech', 'Energy'] },
      earnings: { show: true, eps_min: 0.5, eps_max: null, revenue_min: 10e9, revenue_max: null },
      ipos: { show: true, market_cap_min: null, market_cap_max: 2.5e12 },
    });
    // and it is a body the server's schema accepts as it is
    expect(calendarSettingsBodySchema.safeParse(net.callsTo('PUT', '/market/calendar/settings')[0]!.body).success).toBe(
      true,
    );
  });

  it('saves the settings, and puts a wrong value’s message on its field', async () => {
    const user = userEvent.setup();
    const { net } = renderCalendar('/market-intelligence/calendar?week=2026-03-02', DEFAULT_CALENDAR_SETTINGS, {
      'PUT /market/calendar/settings': {
        status: 400,
        body: {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'Invalid input',
          details: { fields: [{ field: 'filters.exchanges', message: 'Each of filters.exchanges must be a name.' }] },
        },
      },
    });
    await waitFor(() => expect(eventRows()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Calendar settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Calendar settings' });
    await user.type(within(dialog).getByRole('textbox', { name: 'EPS min' }), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('textbox', { name: 'EPS min' })).toHaveAccessibleDescription(
      'EPS min must be a number (10B = 10 billion), or empty for no minimum.',
    );
    expect(net.callsTo('PUT', '/market/calendar/settings')).toHaveLength(0);
    await user.clear(within(dialog).getByRole('textbox', { name: 'EPS min' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Exchanges' }), { target: { value: 'NASDAQ' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Exchanges' })).toHaveAccessibleDescription(
        'Each of filters.exchanges must be a name.',
      ),
    );
    expect(net.callsTo('PUT', '/market/calendar/settings')[0]!.body).toMatchObject({
      filters: { exchanges: ['NASDAQ'] },
      earnings: { eps_min: null },
    });
  });
});
