import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  open = next;
  for (const listener of listeners) listener();
}

/** Opens the one composer dialog (mounted in the shell's top bar by the "New post" button) from anywhere. */
export function openComposer(): void {
  set(true);
}

export function closeComposer(): void {
  set(false);
}

export function useComposerOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}
