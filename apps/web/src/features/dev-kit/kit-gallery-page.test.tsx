import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokens } from '../../app/theme';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp, signedInState } from '../../test/render-app';

const store = '/user-data/v1/store/workspace';
const notFound = { status: 404, body: { statusCode: 404, code: 'USER_DATA_NOT_FOUND', message: 'Nothing saved.' } };

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function mockServer() {
  return mockFetch({
    // Only the time settings matter to the gallery.
    'GET /customer/configuration': { body: { general: { timeZone: 'America/New_York', timeFormat: '12h' } } },
    [`GET ${store}/layout.kit-gallery`]: notFound,
    [`GET ${store}/table.kit-gallery.positions`]: notFound,
    [`GET ${store}/table.kit-gallery.dock-positions`]: notFound,
    [`GET ${store}/preferences`]: notFound,
    [`PUT ${store}/preferences`]: (req) => ({
      body: { payload: { name: 'preferences', updatedAt: '2026-03-02T09:30:00.000Z', ...(req.body as object) } },
    }),
  });
}

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
};

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function openGallery() {
  const view = renderApp('/dev/kit', signedInState());
  await screen.findByRole('heading', { level: 1, name: 'Workspace kit' }, { timeout: 15_000 });
  await screen.findByRole('grid', { name: 'Sample positions' }, { timeout: 15_000 });
  return view;
}

// The whole gallery renders in each test (dockview, two tables, MUI): give it room on a busy machine.
describe('workspace kit gallery (development only)', { timeout: 90_000 }, () => {
  it('shows every part of the kit on labelled sample data, in the dark and the light theme', async () => {
    mockServer();
    const user = userEvent.setup();
    await openGallery();
    expect(screen.getByText('Development only')).toBeVisible();
    expect(screen.getAllByText('Sample data').length).toBeGreaterThanOrEqual(5);

    // The docking workspace with a panel for each screen the kit is for.
    const workspace = screen.getByRole('region', { name: 'Sample trading workspace' });
    await within(workspace).findByRole('tab', { name: 'Chart' }, { timeout: 15_000 });
    for (const title of ['Order', 'Positions', 'Metrics', 'Journal', 'Calendar']) {
      expect(within(workspace).getByRole('tab', { name: title })).toBeInTheDocument();
    }

    // The data table: 10,000 rows, a window of them rendered.
    const grid = screen.getByRole('grid', { name: 'Sample positions' });
    expect(grid).toHaveAttribute('aria-rowcount', '10001');
    expect(within(grid).getAllByRole('row').length).toBeLessThan(40);
    expect(screen.getAllByRole('button', { name: 'Export CSV' }).length).toBeGreaterThan(0);

    // Formatting, in the account's zone and clock (New York, 12-hour).
    const formatting = screen.getByRole('table', { name: 'Formatting examples' });
    expect(within(formatting).getByText('1.08346')).toBeVisible();
    expect(within(formatting).getByText('+$412.37')).toBeVisible();
    expect(within(formatting).getByText('Mar 2, 2026, 9:05 AM')).toBeVisible();

    // The states.
    const states = screen.getByRole('region', { name: 'States' });
    expect(within(states).getByText('No open positions.')).toBeVisible();
    // Two loading states and the three inline alerts that are not errors.
    expect(within(states).getAllByRole('status')).toHaveLength(5);
    expect(
      within(states)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual([expect.stringContaining('The positions could not be loaded.'), 'The email or password is incorrect.']);

    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('data-mode', 'dark');
    expect(getComputedStyle(main).backgroundColor).toBe(rgb(tokens.palette.dark.background));
    await user.click(screen.getByRole('button', { name: 'Light' }));
    expect(main).toHaveAttribute('data-mode', 'light');
    expect(getComputedStyle(main).backgroundColor).toBe(rgb(tokens.palette.light.background));
  });

  it('overrides the zone and clock locally, saves the P/L colours, and shows the table’s states', async () => {
    const api = mockServer();
    const user = userEvent.setup();
    await openGallery();
    const formatting = screen.getByRole('table', { name: 'Formatting examples' });
    await user.click(screen.getByRole('button', { name: '24-hour' }));
    expect(within(formatting).getByText('Mar 2, 2026, 09:05')).toBeVisible();

    const profit = within(formatting).getByText('+$412.37');
    expect(getComputedStyle(profit).color).toBe(rgb('#00DF80'));
    await user.click(screen.getByRole('button', { name: 'Profit red' }));
    await waitFor(() => expect(api.callsTo('PUT', `${store}/preferences`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${store}/preferences`)[0]?.body).toEqual({ version: 1, state: { pnlColors: 'red-up' } });
    await waitFor(() => expect(getComputedStyle(within(formatting).getByText('+$412.37')).color).toBe(rgb('#FF5C5C')));

    // The table's own states, on demand.
    const table = screen.getByRole('region', { name: 'Data table' });
    await user.click(within(table).getByRole('button', { name: 'Error' }));
    expect(within(table).getByRole('alert')).toHaveTextContent('The sample positions could not be loaded.');
    await user.click(within(table).getByRole('button', { name: 'Try again' }));
    expect(within(table).getByRole('grid')).toHaveAttribute('aria-rowcount', '10001');
    await user.click(within(table).getByRole('button', { name: 'Empty' }));
    expect(within(table).getByText('No open positions.')).toBeVisible();
  });
});
