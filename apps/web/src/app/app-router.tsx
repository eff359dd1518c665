import { Component, type ComponentType, lazy, type ReactNode, Suspense, useMemo } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  unstable_HistoryRouter as HistoryRouter,
  matchRoutes,
  type RouteObject,
  useLocation,
  useRoutes,
} from 'react-router';
import { type BlockingHistory, BlockingHistoryProvider, createBlockingHistory } from './navigation-blocker';
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
const preloads = new WeakMap<RouteObject, () => Promise<unknown>>();

/**
 * Turns the table's `lazy: () => import(...)` (modules exporting `Component`) into React.lazy components,
 * so the same table serves the declarative router and, in tests, a data router.
 */
function withLazyComponents(table: RouteObject[]): RouteObject[] {
  return table.map((route): RouteObject => {
    const children = route.children ? withLazyComponents(route.children) : undefined;
    const load = typeof route.lazy === 'function' ? (route.lazy as () => Promise<LazyModule>) : undefined;
    const { lazy: _lazy, children: _children, ...rest } = route;
    const converted = { ...rest, ...(children ? { children } : {}) } as RouteObject;
    if (load) {
      converted.Component = lazy(async () => ({ default: (await load()).Component ?? EmptyRoute }));
      preloads.set(converted, load);
    }
    return converted;
  });
}

function EmptyRoute() {
  return null;
}

const appRoutes = withLazyComponents(routes);

function AppRoutes() {
  const location = useLocation();
  // Start every lazy module this URL needs at once, instead of one nesting level after the other.
  useMemo(() => {
    for (const match of matchRoutes(appRoutes, location) ?? []) void preloads.get(match.route)?.();
  }, [location]);
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

export function AppRouter(props: { history: BlockingHistory }) {
  return (
    <HistoryRouter history={props.history}>
      <BlockingHistoryProvider history={props.history}>
        <Boundaries>
          <AppRoutes />
        </Boundaries>
      </BlockingHistoryProvider>
    </HistoryRouter>
  );
}
