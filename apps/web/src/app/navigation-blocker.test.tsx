import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  Link,
  Route,
  Routes,
} from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { BlockingHistoryProvider, createBlockingHistory, useBlocker } from './navigation-blocker';

function memoryHistory(entries: string[] = ['/']) {
  return createBlockingHistory(
    createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1, v5Compat: true }),
  );
}

describe('blocking history', () => {
  it('holds back a push the blocker refuses and performs it on proceed', () => {
    const history = memoryHistory(['/settings']);
    const heard = vi.fn();
    history.listen(heard);
    const onBlocked = vi.fn();
    history.block(({ nextLocation }) => nextLocation.pathname === '/', onBlocked);

    history.push('/');
    expect(history.location.pathname).toBe('/settings');
    expect(heard).not.toHaveBeenCalled();
    const pending = onBlocked.mock.calls[0]?.[0] as { location: { pathname: string }; proceed: () => void };
    expect(pending.location.pathname).toBe('/');

    pending.proceed();
    expect(history.location.pathname).toBe('/');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(onBlocked).toHaveBeenLastCalledWith(null);
  });

  it('lets navigations through that the blocker accepts, and all of them once it is removed', () => {
    const history = memoryHistory(['/settings/a']);
    const unblock = history.block(({ nextLocation }) => !nextLocation.pathname.startsWith('/settings'), vi.fn());
    history.push('/settings/b');
    expect(history.location.pathname).toBe('/settings/b');
    history.replace('/');
    expect(history.location.pathname).toBe('/settings/b');
    unblock();
    history.replace('/');
    expect(history.location.pathname).toBe('/');
  });

  it('undoes a blocked back navigation and replays it on proceed', () => {
    const history = memoryHistory(['/', '/settings']);
    const heard = vi.fn();
    history.listen(heard);
    const onBlocked = vi.fn();
    history.block(() => true, onBlocked);

    history.go(-1);
    expect(history.location.pathname).toBe('/settings');
    expect(heard).not.toHaveBeenCalled();
    const pending = onBlocked.mock.calls[0]?.[0] as { location: { pathname: string }; proceed: () => void };
    expect(pending.location.pathname).toBe('/');

    pending.proceed();
    expect(history.location.pathname).toBe('/');
    expect(heard).toHaveBeenCalledTimes(1);
  });
});

function DirtyForm() {
  const [dirty, setDirty] = useState(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <>
      <button type="button" onClick={() => setDirty(true)}>
        Edit
      </button>
      <Link to="/">Home</Link>
      {blocker.state === 'blocked' && (
        <div role="dialog" aria-label="Leave without saving?">
          <button type="button" onClick={() => blocker.reset()}>
            Stay
          </button>
          <button type="button" onClick={() => blocker.proceed()}>
            Leave
          </button>
        </div>
      )}
    </>
  );
}

function renderDirtyForm() {
  const history = memoryHistory(['/settings']);
  render(
    <HistoryRouter history={history}>
      <BlockingHistoryProvider history={history}>
        <Routes>
          <Route path="/" element={<h1>Home page</h1>} />
          <Route path="/settings" element={<DirtyForm />} />
        </Routes>
      </BlockingHistoryProvider>
    </HistoryRouter>,
  );
  return history;
}

describe('useBlocker with the app router', () => {
  it('navigates freely while nothing is dirty', async () => {
    renderDirtyForm();
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('asks before leaving a dirty page: Stay keeps the page, Leave goes on', async () => {
    const history = renderDirtyForm();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(screen.getByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/settings');

    await userEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(history.location.pathname).toBe('/settings');

    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/');
  });

  it('asks on the browser back button too', async () => {
    const history = memoryHistory(['/', '/settings']);
    render(
      <HistoryRouter history={history}>
        <BlockingHistoryProvider history={history}>
          <Routes>
            <Route path="/" element={<h1>Home page</h1>} />
            <Route path="/settings" element={<DirtyForm />} />
          </Routes>
        </BlockingHistoryProvider>
      </HistoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    act(() => history.go(-1));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/settings');
  });
});
