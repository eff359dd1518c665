import { useSyncExternalStore } from 'react';
import { useSelector } from 'react-redux';
import { type ResolvedMode, resolveMode, selectThemeMode } from './theme-slice';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function systemPrefersDark(): boolean {
  // Without matchMedia (old browsers, some test DOMs) the product default, dark, applies.
  return typeof window.matchMedia === 'function' ? window.matchMedia(QUERY).matches : true;
}

/** The mode on screen: the stored choice, with 'sync' following the system live. */
export function useResolvedMode(): ResolvedMode {
  const mode = useSelector(selectThemeMode);
  const prefersDark = useSyncExternalStore(subscribe, systemPrefersDark, () => true);
  return resolveMode(mode, prefersDark);
}
