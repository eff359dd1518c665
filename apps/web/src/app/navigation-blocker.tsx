import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  type Blocker,
  type BlockerFunction,
  UNSAFE_DataRouterContext as DataRouterContext,
  type HistoryRouterProps,
  type Location,
  NavigationType,
  type To,
  useBlocker as useDataRouterBlocker,
} from 'react-router';

type History = HistoryRouterProps['history'];
type Listener = Parameters<History['listen']>[0];
type Action = History['action'];
type Pending = { location: Location; proceed: () => void };

/**
 * The app renders the declarative router (see docs/decisions/sign-in-bundle-size.md), which has no
 * `useBlocker`. This wraps its history so one blocker at a time can hold back a navigation: a link or
 * `navigate()` is simply not performed, and browser back/forward is undone (`go(-delta)`) and replayed on
 * proceed, as React Router's data router does.
 */
export type BlockingHistory = History & {
  /** Installs the one blocker; `onBlocked` hears of held-back navigations (null when released). */
  block(shouldBlock: BlockerFunction, onBlocked: (pending: Pending | null) => void): () => void;
};

export function createBlockingHistory(base: History): BlockingHistory {
  const listeners = new Set<Listener>();
  let current = base.location;
  let active: { shouldBlock: BlockerFunction; onBlocked: (pending: Pending | null) => void } | null = null;
  // A POP the blocker undid is answered by one more POP (back to where we were): it is not a navigation.
  let undoing = false;
  let letThrough = false;

  const blocks = (nextLocation: Location, historyAction: Action): boolean =>
    !letThrough && active !== null && active.shouldBlock({ currentLocation: current, nextLocation, historyAction });

  const proceedWith = (navigate: () => void) => () => {
    active?.onBlocked(null);
    letThrough = true;
    navigate();
    // Push and replace notify synchronously; a replayed POP clears the flag when its event arrives.
  };

  base.listen((update) => {
    if (undoing) {
      undoing = false;
      return;
    }
    if (
      update.action === NavigationType.Pop &&
      !letThrough &&
      update.delta !== null &&
      blocks(update.location, NavigationType.Pop)
    ) {
      const delta = update.delta;
      undoing = true;
      base.go(-delta);
      active?.onBlocked({ location: update.location, proceed: proceedWith(() => base.go(delta)) });
      return;
    }
    letThrough = false;
    current = update.location;
    for (const listener of listeners) listener(update);
  });

  const attempt = (action: NavigationType.Push | NavigationType.Replace, to: To, state: unknown) => {
    const run = () => (action === NavigationType.Push ? base.push(to, state) : base.replace(to, state));
    const next: Location = { ...base.encodeLocation(to), state: state ?? null, key: 'blocked' };
    if (blocks(next, action)) {
      active?.onBlocked({ location: next, proceed: proceedWith(run) });
      return;
    }
    run();
  };

  return {
    get action() {
      return base.action;
    },
    get location() {
      return base.location;
    },
    createHref: (to) => base.createHref(to),
    createURL: (to) => base.createURL(to),
    encodeLocation: (to) => base.encodeLocation(to),
    push: (to, state) => attempt(NavigationType.Push, to, state),
    replace: (to, state) => attempt(NavigationType.Replace, to, state),
    go: (delta) => base.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    block(shouldBlock, onBlocked) {
      const entry = { shouldBlock, onBlocked };
      active = entry;
      return () => {
        if (active === entry) active = null;
      };
    },
  };
}

const BlockingHistoryContext = createContext<BlockingHistory | null>(null);

export function BlockingHistoryProvider(props: { history: BlockingHistory; children: ReactNode }) {
  return <BlockingHistoryContext.Provider value={props.history}>{props.children}</BlockingHistoryContext.Provider>;
}

const unblocked: Blocker = { state: 'unblocked', reset: undefined, proceed: undefined, location: undefined };

function useHistoryBlocker(history: BlockingHistory | null, shouldBlock: boolean | BlockerFunction): Blocker {
  const [pending, setPending] = useState<Pending | null>(null);
  const latest = useRef(shouldBlock);
  useLayoutEffect(() => {
    latest.current = shouldBlock;
  });

  useEffect(() => {
    if (!history) return;
    return history.block(
      (args) => (typeof latest.current === 'function' ? latest.current(args) : latest.current),
      setPending,
    );
  }, [history]);

  const reset = useCallback(() => setPending(null), []);
  return useMemo<Blocker>(
    () => (pending ? { state: 'blocked', location: pending.location, proceed: pending.proceed, reset } : unblocked),
    [pending, reset],
  );
}

/**
 * React Router's `useBlocker`, same arguments and result, for the app's router. Under a data router (tests
 * that build one with createMemoryRouter) it is React Router's own hook.
 */
export function useBlocker(shouldBlock: boolean | BlockerFunction): Blocker {
  const history = useContext(BlockingHistoryContext);
  const inDataRouter = useContext(DataRouterContext) !== null;
  if (!history && !inDataRouter) throw new Error('useBlocker needs the app router (AppRouter) or a data router');
  // The router kind never changes during a component's life, so the same hook runs on every render.
  // biome-ignore lint/correctness/useHookAtTopLevel: the condition is fixed for the whole tree
  return inDataRouter ? useDataRouterBlocker(shouldBlock) : useHistoryBlocker(history, shouldBlock);
}
