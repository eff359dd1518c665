import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export const themeModes = ['dark', 'light', 'sync'] as const;
/** 'sync' follows the system's prefers-color-scheme (spec section 4). */
export type ThemeMode = (typeof themeModes)[number];
export type ResolvedMode = 'dark' | 'light';

export const THEME_STORAGE_KEY = 'theme';

export function readStoredThemeMode(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): ThemeMode {
  try {
    const value = storage?.getItem(THEME_STORAGE_KEY);
    return (themeModes as readonly string[]).includes(value ?? '') ? (value as ThemeMode) : 'dark';
  } catch {
    return 'dark';
  }
}

export function storeThemeMode(mode: ThemeMode): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // private mode or full storage: the choice still holds for this tab
  }
}

export const themeSlice = createSlice({
  name: 'theme',
  initialState: () => ({ mode: readStoredThemeMode() }),
  reducers: {
    /** A choice the user made: stored locally and, when signed in, on the server. */
    themeModeChosen(state, action: PayloadAction<ThemeMode>) {
      state.mode = action.payload;
    },
    /** The server's saved choice after sign-in: applied and stored locally, not sent back. */
    themeModeLoaded(state, action: PayloadAction<ThemeMode>) {
      state.mode = action.payload;
    },
  },
  selectors: { selectThemeMode: (state) => state.mode },
});

export const { themeModeChosen, themeModeLoaded } = themeSlice.actions;
export const { selectThemeMode } = themeSlice.selectors;

export function resolveMode(mode: ThemeMode, systemPrefersDark: boolean): ResolvedMode {
  if (mode === 'sync') return systemPrefersDark ? 'dark' : 'light';
  return mode;
}
