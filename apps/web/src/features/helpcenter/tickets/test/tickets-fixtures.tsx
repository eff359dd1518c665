import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ticket } from '@tradedesk/contracts';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { api } from '../../../../app/api';
import { AppProviders } from '../../../../app/providers';
import { createAppStore } from '../../../../app/store';
import { signedInState } from '../../../../test/render-app';

/** A ticket as the server answers it, for the web tests. */
export const TICKET_ID = '00000000-0000-4000-8000-000000000001';

export function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: TICKET_ID,
    subject: 'Cannot export my journal',
    status: 'waiting',
    messageCount: 2,
    preview: 'Try again now.',
    createdAt: '2026-06-01T09:00:00.000Z',
    lastMessageAt: '2026-06-01T10:00:00.000Z',
    requester: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Ada L', email: null },
    messages: [
      {
        id: '00000000-0000-4000-8000-000000000011',
        authorName: 'Ada L',
        fromStaff: false,
        body: 'The CSV is empty.',
        source: 'web',
        createdAt: '2026-06-01T09:00:00.000Z',
      },
      {
        id: '00000000-0000-4000-8000-000000000012',
        authorName: 'TradeDesk support',
        fromStaff: true,
        body: 'Try again now.',
        source: 'web',
        createdAt: '2026-06-01T10:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

/** Renders a tab or staff section at `path` under the route `pattern` (ending in `/:id?`), signed in. */
export function renderItemRoute(Component: ComponentType<{ itemId?: string }>, pattern: string, path: string) {
  function Route() {
    const { id } = useParams();
    return <Component {...(id ? { itemId: id } : {})} />;
  }
  const store = createAppStore(signedInState());
  store.dispatch(api.util.resetApiState());
  const router = createMemoryRouter([{ path: pattern, element: <Route /> }], { initialEntries: [path] });
  render(
    <AppProviders store={store} withSession={false}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user: userEvent.setup() };
}
