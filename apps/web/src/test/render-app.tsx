import { render } from '@testing-library/react';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { api } from '../app/api';
import { AppRouter } from '../app/app-router';
import { createBlockingHistory } from '../app/navigation-blocker';
import { AppProviders } from '../app/providers';
import { createAppStore, type RootState } from '../app/store';

/**
 * The real routes, router, store and providers at a URL (an in-memory history in place of the browser's).
 * Session upkeep (verify, WebSocket) is left out.
 */
export function renderApp(url: string, preloadedState?: Partial<RootState>) {
  const store = createAppStore(preloadedState);
  store.dispatch(api.util.resetApiState());
  const history = createBlockingHistory(createMemoryHistory({ initialEntries: [url], v5Compat: true }));
  const view = render(
    <AppProviders store={store} withSession={false}>
      <AppRouter history={history} />
    </AppProviders>,
  );
  return { ...view, store, history };
}

export function signedInState(): Partial<RootState> {
  return {
    auth: {
      status: 'signedIn',
      user: {
        id: '00000000-0000-4000-8000-000000000001',
        email: 'ada@example.com',
        username: 'ada',
        firstName: 'Ada',
        lastName: 'Lovelace',
        status: 'active',
        twoFactorEnabled: false,
        theme: 'dark',
        createdAt: '2024-01-02T03:04:05.000Z',
      },
      sessionId: '00000000-0000-4000-8000-00000000000a',
      accessExpiresAt: '2999-01-01T00:00:00.000Z',
      leftByChoice: false,
    },
  };
}
