import { useSyncExternalStore } from 'react';

/** Where a new post goes: a community (the community page's composer), or null for the public feed. */
export type ComposerTarget = { communityId: string } | null;

let state: { open: boolean; target: ComposerTarget } = { open: false, target: null };
const listeners = new Set<() => void>();

function set(next: typeof state) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Opens the one composer dialog (mounted in the shell's top bar by the "New post" button) from anywhere; with a
 * target, set to post in that community.
 */
export function openComposer(target: ComposerTarget = null): void {
  set({ open: true, target });
}

export function closeComposer(): void {
  set({ open: false, target: null });
}

export function useComposerOpen(): boolean {
  return useSyncExternalStore(subscribe, () => state.open);
}

/** The target the composer was opened with (read when it opens). */
export function useComposerTarget(): ComposerTarget {
  return useSyncExternalStore(subscribe, () => state.target);
}
