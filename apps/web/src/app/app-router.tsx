import { Component, type ComponentType, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  unstable_HistoryRouter as HistoryRouter,
  matchRoutes,
  type RouteObject,
  useLocation,
  useRoutes,
} from 'react-router';
import { selectAuthStatus } from '../features/auth/auth-slice';
import { useAppSelector } from './hooks';
import { type BlockingHistory, BlockingHistoryProvider, createBlockingHistory } from './navigation-blocker';
import { PrefetchContext } from './prefetch';
import { routes } from './router';

/**
 * The app's router: React Router's declarative API over the route table of router.tsx. The data router
 * (createBrowserRouter) weighs about 15 KB gzipped more, all of it in the sign-in page's first load, and the
 * app uses none of its data APIs; the one it did use, useBlocker, is provided by navigation-blocker.tsx.
 * See docs/decisions/sign-in-bundle-size.md.
 */
export function createAppHistory(): BlockingHistory {
  // v5Compat: the history reports pushes and replaces too, which the declarative router listens for.
  return createBlockingHistory(createBrowserHistory({ v5Compat: true }));
}

type LazyModule = { Component?: ComponentType | null };
type RouteHandle = { signedInOnly?: boolean };
const preloads = new WeakMap<RouteObject, () => Promise<unknown>>();

/**
 * Turns the table's `lazy: () => import(...)` (modules exporting `Component`) into components, so the same
 * table serves the declarative router and, in tests, a data router. A module already fetched (preloaded, or
 * prefetched while the person typed on the sign-in page) renders at once, without a blank suspended frame.
 */
function withLazyComponents(table: RouteObject[]): RouteObject[] {
  return table.map((route): RouteObject => {
    const children = route.children ? withLazyComponents(route.children) : undefined;
    const load = typeof route.lazy === 'function' ? (route.lazy as () => Promise<LazyModule>) : undefined;
    const { lazy: _lazy, children: _children, ...rest } = route;
    const converted = { ...rest, ...(children ? { children } : {}) } as RouteObject;
    if (load) {
      let loaded: ComponentType | undefined;
      const loadOnce = async () => {
        const module = await load();
        loaded = module.Component ?? EmptyRoute;
        return module;
      };
      const Suspending = lazy(async () => ({ default: (await loadOnce()).Component ?? EmptyRoute }));
      converted.Component = function LazyRoute() {
        // Chosen once per mounted route, so a module that arrives later never swaps the component (and its state).
        const [Route] = useState(() => loaded ?? Suspending);
        return <Route />;
      };
      preloads.set(converted, loadOnce);
    }
    return converted;
  });
}

function EmptyRoute() {
  return null;
}

const appRoutes = withLazyComponents(routes);

/**
 * Starts fetching every lazy module `path` needs, all at once rather than one nesting level after the other.
 * Without a session it stops at the signed-in area, whose guard sends the visitor to the sign-in page: the
 * shell is not fetched for a page that is never shown.
 */
function preloadPath(path: string, signedOut: boolean): void {
  for (const match of matchRoutes(appRoutes, path) ?? []) {
    if (signedOut && (match.route.handle as RouteHandle | undefined)?.signedInOnly) break;
    // A fetch that fails here fails again when the route renders, and its error boundary offers a reload.
    preloads
      .get(match.route)?.()
      .catch(() => {});
  }
}

function AppRoutes() {
  const location = useLocation();
  const signedOut = useAppSelector(selectAuthStatus) === 'signedOut';
  useMemo(() => preloadPath(location.pathname, signedOut), [location.pathname, signedOut]);
  return useRoutes(appRoutes, location);
}

type BoundaryState = { failed: boolean; pathname: string };

/** A route whose chunk cannot be fetched (offline, a new version deployed) or fails to render gets a way out. */
class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  // Going to another address tries again.
  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" style={{ padding: 24, fontFamily: 'system-ui, sans-serif' }}>
        <p>This page could not be shown.</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}

function Boundaries(props: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={null}>{props.children}</Suspense>
    </RouteErrorBoundary>
  );
}

/** What a guard may fetch ahead: the modules of the signed-in page `path` (the sign-in page's destination). */
const prefetchSignedIn = (path: string) => preloadPath(path, false);

export function AppRouter(props: { history: BlockingHistory }) {
  return (
    <HistoryRouter history={props.history}>
      <BlockingHistoryProvider history={props.history}>
        <PrefetchContext.Provider value={prefetchSignedIn}>
          <Boundaries>
            <AppRoutes />
          </Boundaries>
        </PrefetchContext.Provider>
      </BlockingHistoryProvider>
    </HistoryRouter>
  );
}
