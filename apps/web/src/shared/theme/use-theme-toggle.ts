import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { type ThemeMode, themeModeChosen } from './theme-slice';
import { useResolvedMode } from './use-resolved-mode';

/** Toggles to the opposite of what is on screen (leaving 'sync' for an explicit choice). */
export function useThemeToggle(): { resolved: 'dark' | 'light'; toggle: () => void; choose: (m: ThemeMode) => void } {
  const dispatch = useDispatch();
  const resolved = useResolvedMode();
  const choose = useCallback((mode: ThemeMode) => dispatch(themeModeChosen(mode)), [dispatch]);
  const toggle = useCallback(() => choose(resolved === 'dark' ? 'light' : 'dark'), [choose, resolved]);
  return { resolved, toggle, choose };
}
