import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderWithStore } from '../test/render-with-store';
import { type DefaultLayoutEntry, DockWorkspace, type WorkspacePanel } from './dock-workspace';

const panels: WorkspacePanel[] = [
  { id: 'chart', title: 'Chart', render: () => <p>Chart body</p> },
  { id: 'order', title: 'Order', render: () => <p>Order body</p> },
  { id: 'positions', title: 'Positions', render: () => <p>Positions body</p> },
  { id: 'journal', title: 'Journal', render: () => <p>Journal body</p> },
];
const defaultLayout: DefaultLayoutEntry[] = [
  { panel: 'chart' },
  { panel: 'order', position: { referencePanel: 'chart', direction: 'right' }, size: 300 },
  { panel: 'positions', position: { referencePanel: 'chart', direction: 'below' }, size: 200 },
  { panel: 'journal', position: { referencePanel: 'positions', direction: 'within' } },
];

const STORE = '/user-data/v1/store/workspace/layout.trading';
const notFound = { status: 404, body: { statusCode: 404, code: 'USER_DATA_NOT_FOUND', message: 'Nothing saved.' } };

// jsdom has no ResizeObserver; dockview only needs it to follow size changes.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('ResizeObserver', NoResizeObserver));
afterEach(() => vi.unstubAllGlobals());

function renderWorkspace(options: { version?: number } = {}) {
  return renderWithStore(
    <DockWorkspace
      name="trading"
      label="Trading workspace"
      panels={panels}
      defaultLayout={defaultLayout}
      version={options.version}
    />,
  );
}

/** The workspace is on screen once the saved layout has been asked for and a layout applied. */
async function ready() {
  // The first render of a file also loads dockview; on a busy machine that takes a while.
  await screen.findByText('Chart body', {}, { timeout: 15_000 });
}

/** The tab titles of each group, group by group. */
function groups(): string[][] {
  const region = screen.getByRole('region', { name: 'Trading workspace' });
  return within(region)
    .getAllByRole('tablist')
    .map((list) =>
      within(list)
        .getAllByRole('tab')
        .map((tab) => tab.getAttribute('aria-label') ?? ''),
    );
}

describe('DockWorkspace', () => {
  it('starts from the default layout when nothing is saved, with every panel’s content', async () => {
    mockFetch({ [`GET ${STORE}`]: notFound });
    renderWorkspace();
    await ready();
    expect(screen.getByText('Chart body')).toBeInTheDocument();
    expect(groups()).toEqual([['Chart'], ['Positions', 'Journal'], ['Order']]);
    expect(screen.getByText('Order body')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Positions' })).toHaveAttribute('aria-selected', 'true');
  });

  it('saves a change for the user and restores it on the next visit', async () => {
    const saves: unknown[] = [];
    const api = mockFetch({
      [`GET ${STORE}`]: notFound,
      [`PUT ${STORE}`]: (req) => {
        saves.push(req.body);
        return {
          body: { payload: { name: 'layout.trading', updatedAt: '2026-03-02T09:30:00.000Z', ...(req.body as object) } },
        };
      },
    });
    const user = userEvent.setup();
    const first = renderWorkspace();
    await ready();

    // The mouse closes a tab with its ×.
    await user.click(screen.getByTitle('Close Journal'));
    expect(groups()).toEqual([['Chart'], ['Positions'], ['Order']]);
    first.unmount();
    await waitFor(() => expect(api.callsTo('PUT', STORE).length).toBeGreaterThan(0));
    const saved = saves.at(-1) as { version: number; state: { panels: Record<string, unknown> } };
    expect(saved.version).toBe(1);
    expect(Object.keys(saved.state.panels).sort()).toEqual(['chart', 'order', 'positions']);

    // Another visit (another browser): the server has the layout.
    mockFetch({
      [`GET ${STORE}`]: {
        body: { payload: { name: 'layout.trading', updatedAt: '2026-03-02T09:30:00.000Z', ...saved } },
      },
    });
    renderWorkspace();
    await ready();
    expect(groups()).toEqual([['Chart'], ['Positions'], ['Order']]);
    expect(screen.queryByText('Journal body')).not.toBeInTheDocument();
  });

  it.each([
    ['a layout of an older version', 0, { grid: {}, panels: {} }],
    ['a layout of a newer version', 2, { grid: {}, panels: {} }],
    ['a state that is not a layout', 1, { hello: 'world' }],
    [
      'a layout naming a panel that no longer exists',
      1,
      {
        grid: { root: { type: 'branch', data: [] }, width: 800, height: 600, orientation: 'HORIZONTAL' },
        panels: { news: { id: 'news', contentComponent: 'news', title: 'News' } },
      },
    ],
    [
      'a layout dockview cannot rebuild',
      1,
      {
        grid: { root: { type: 'leaf', data: 'garbage' }, width: 800, height: 600, orientation: 'HORIZONTAL' },
        panels: { chart: { id: 'chart', contentComponent: 'chart', title: 'Chart' } },
      },
    ],
  ])('recovers from %s with the default layout', async (_name, version, state) => {
    mockFetch({ [`GET ${STORE}`]: { body: { payload: { name: 'layout.trading', version, state, updatedAt: '' } } } });
    renderWorkspace();
    await ready();
    expect(groups()).toEqual([['Chart'], ['Positions', 'Journal'], ['Order']]);
  });

  it('falls back to the default layout when the store cannot be reached', async () => {
    mockFetch({ [`GET ${STORE}`]: { status: 503, body: { statusCode: 503, code: 'UNAVAILABLE', message: 'Down.' } } });
    renderWorkspace();
    await ready();
    expect(groups()).toEqual([['Chart'], ['Positions', 'Journal'], ['Order']]);
  });

  it('closes panels by keyboard and menu, reopens them from the menu, and resets to the default layout', async () => {
    mockFetch({ [`GET ${STORE}`]: notFound, [`PUT ${STORE}`]: (req) => ({ body: { payload: req.body } }) });
    const user = userEvent.setup();
    renderWorkspace();
    await ready();
    // The keyboard closes the focused tab with Delete; the menu closes and opens panels.
    const order = screen.getByRole('tab', { name: 'Order' });
    expect(order).toHaveAttribute('aria-keyshortcuts', 'Delete');
    order.focus();
    await user.keyboard('{Delete}');
    await user.click(screen.getByRole('button', { name: 'Panels' }));
    const journal = screen.getByRole('menuitemcheckbox', { name: 'Journal' });
    expect(journal).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Order' })).toHaveAttribute('aria-checked', 'false');
    await user.click(journal);
    expect(groups()).toEqual([['Chart'], ['Positions']]);

    await user.click(screen.getByRole('button', { name: 'Panels' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Journal' }));
    expect(groups()).toEqual([['Chart'], ['Positions', 'Journal']]);

    await user.click(screen.getByRole('button', { name: 'Reset layout' }));
    expect(groups()).toEqual([['Chart'], ['Positions', 'Journal'], ['Order']]);
    await act(async () => {});
  });
});
