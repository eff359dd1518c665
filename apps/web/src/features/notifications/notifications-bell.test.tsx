import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  NOTIFICATION_EVENT,
  NOTIFICATIONS_CHANGED_EVENT,
  type Notification,
  type NotificationList,
} from '@tradedesk/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../shared/test/render-with-store';
import type { WsClient, WsEvent } from '../../shared/ws/ws-client';
import { errorBody, mockFetch } from '../../test/fetch-mock';
import { manageAlertsHref } from './manage-alerts';
import { NotificationsBell } from './notifications-bell';

function notification(n: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind: 'alert',
    title: `EURUSD crossed 1.10${n}`,
    body: `Alert ${n} fired.`,
    link: null,
    data: null,
    read: false,
    createdAt: '2026-03-02T09:30:00.000Z',
    toast: true,
    sound: false,
    ...overrides,
  };
}

function page(items: Notification[], unreadCount = items.filter((n) => !n.read).length): NotificationList {
  return { notifications: items, total: items.length, unreadCount, page: 1, limit: 20 };
}

/** A WebSocket client stand-in: what the bell subscribes to, and a way to push events on those channels. */
function fakeClient() {
  const handlers = new Map<string, Set<(e: WsEvent) => void>>();
  const client = {
    subscribe(channel: string, handler: (e: WsEvent) => void) {
      const set = handlers.get(channel) ?? new Set();
      set.add(handler);
      handlers.set(channel, set);
      return () => set.delete(handler);
    },
  } as unknown as WsClient;
  const push = (event: string, data: unknown) =>
    act(() => {
      for (const h of handlers.get('user') ?? []) h({ channel: 'user', event, data });
    });
  return { client, push, handlers };
}

function renderBell(url = '/chart?symbol=EURUSD') {
  const live = fakeClient();
  const sound = vi.fn();
  const router = createMemoryRouter(
    [{ path: '*', element: <NotificationsBell client={live.client} sound={sound} /> }],
    { initialEntries: [url] },
  );
  const view = renderWithStore(<RouterProvider router={router} />);
  return { ...view, ...live, sound, router };
}

// While the menu is open the rest of the page is aria-hidden (a modal menu).
const bell = () => screen.getByRole('button', { name: /^Notifications/, hidden: true });

describe('notifications bell', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the unread count in its name and badge', async () => {
    mockFetch({
      'GET /notifications': { body: page([notification(1), notification(2), notification(3, { read: true })]) },
    });
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('notifications-count')).toHaveTextContent('2');
  });

  it('counts up live, shows a toast and beeps when the notification asks for sound', async () => {
    mockFetch({ 'GET /notifications': { body: page([notification(1)]) } });
    const { push, sound } = renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });

    push(NOTIFICATION_EVENT, { notification: notification(2, { title: 'Note to self', sound: true }), unreadCount: 2 });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(await screen.findByText('Note to self')).toBeInTheDocument();
    expect(sound).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status', { name: 'Note to self' })).toBeInTheDocument();

    // Quiet: listed and counted, but no toast and no sound.
    push(NOTIFICATION_EVENT, {
      notification: notification(3, { title: 'Quiet one', toast: false, sound: true }),
      unreadCount: 3,
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(screen.queryByText('Quiet one')).toBeNull();
    expect(sound).toHaveBeenCalledTimes(1);

    await userEvent.click(bell());
    const menu = screen.getByRole('menu', { name: 'Notifications' });
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((m) => m.textContent);
    // Newest first, after "Mark all read".
    expect(items.slice(1, 4)).toEqual([
      expect.stringMatching(/^Unread: Quiet one/),
      expect.stringMatching(/^Unread: Note to self/),
      expect.stringMatching(/^Unread: EURUSD crossed 1.101/),
    ]);
    // Reading it from the menu takes its toast away.
    await userEvent.click(within(menu).getByRole('menuitem', { name: /^Unread: Note to self/ }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Note to self' })).toBeNull());
  });

  it('reads its list again when a notification arrives before the list did', async () => {
    // The first list was read before the new note was stored and answers after the note's event.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reads = 0;
    mockFetch({
      'GET /notifications': async () => {
        reads += 1;
        if (reads === 1) {
          await held;
          return { body: page([]) };
        }
        return { body: page([notification(1, { title: 'Early note' })]) };
      },
    });
    const { push } = renderBell();
    await waitFor(() => expect(reads).toBe(1));
    push(NOTIFICATION_EVENT, { notification: notification(1, { title: 'Early note' }), unreadCount: 1 });
    expect(screen.getByRole('status', { name: 'Early note' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it('ignores malformed events and follows the changed count from other tabs', async () => {
    const net = mockFetch({ 'GET /notifications': { body: page([notification(1), notification(2)]) } });
    const { push } = renderBell();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    push(NOTIFICATION_EVENT, { notification: { id: 1 }, unreadCount: 9 });
    push(NOTIFICATIONS_CHANGED_EVENT, { unreadCount: 'many' });
    expect(bell()).toHaveAccessibleName('Notifications, 2 unread');

    const before = net.callsTo('GET', '/notifications').length;
    push(NOTIFICATIONS_CHANGED_EVENT, { unreadCount: 0 });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(net.callsTo('GET', '/notifications').length).toBe(before + 1));
  });

  it('marks one read when chosen and follows its link', async () => {
    const item = notification(1, { link: '/journal' });
    const net = mockFetch({
      'GET /notifications': { body: page([item, notification(2)]) },
      [`PUT /notifications/${item.id}`]: { body: { ...item, read: true } },
    });
    const { router } = renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvent.click(screen.getByRole('menuitem', { name: /Unread: EURUSD crossed 1.101/ }));
    await waitFor(() => expect(net.callsTo('PUT', `/notifications/${item.id}`)[0]?.body).toEqual({ read: true }));
    expect(router.state.location.pathname).toBe('/journal');
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
  });

  it('marks all read from the menu with the keyboard', async () => {
    const net = mockFetch({
      'GET /notifications': { body: page([notification(1), notification(2)]) },
      'PUT /notifications/read-all': { body: { updated: 2, unreadCount: 0 } },
    });
    renderBell();
    (await screen.findByRole('button', { name: 'Notifications, 2 unread' })).focus();
    await userEvent.keyboard('{Enter}');
    const markAll = await screen.findByRole('menuitem', { name: 'Mark all read' });
    await waitFor(() => expect(markAll).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(net.callsTo('PUT', '/notifications/read-all')).toHaveLength(1));
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(screen.queryAllByText(/^Unread:/)).toHaveLength(0);
  });

  it('puts a refused mark-read back', async () => {
    const item = notification(1);
    mockFetch({
      'GET /notifications': { body: page([item]) },
      [`PUT /notifications/${item.id}`]: errorBody(500, 'INTERNAL', 'Something went wrong.'),
    });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(screen.getByRole('menuitem', { name: /EURUSD crossed/ }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
  });

  it('opens the alerts panel on the current page from "Manage alerts"', async () => {
    mockFetch({ 'GET /notifications': { body: page([]) } });
    const { router } = renderBell('/chart?symbol=EURUSD');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('No notifications yet.')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Mark all read' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Manage alerts' }));
    expect(router.state.location.pathname).toBe('/chart');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      symbol: 'EURUSD',
      alerts: 'open',
    });
    expect(manageAlertsHref({ pathname: '/', search: '?alerts=open' }, 'settings')).toBe(
      '/?alerts=open&alertsTab=settings',
    );
  });

  it('shows an error with a retry that loads the list', async () => {
    let fail = true;
    mockFetch({
      'GET /notifications': () =>
        fail ? errorBody(503, 'UNAVAILABLE', 'The service is unavailable.') : { body: page([notification(1)]) },
    });
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The notifications could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('menuitem', { name: /EURUSD crossed 1.101/ })).toBeInTheDocument();
  });
});
