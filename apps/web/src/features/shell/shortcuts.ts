/** Every keyboard shortcut that exists; the dialog lists exactly these. */
export type ShortcutId = 'help' | 'search' | 'goHome' | 'goWatchlists' | 'goSettings' | 'toggleTheme';

export const shortcuts: readonly { id: ShortcutId; keys: readonly string[]; description: string }[] = [
  { id: 'help', keys: ['?'], description: 'Show keyboard shortcuts' },
  { id: 'search', keys: ['/'], description: 'Search symbols (also Ctrl+K)' },
  { id: 'goHome', keys: ['g', 'h'], description: 'Go to home' },
  { id: 'goWatchlists', keys: ['g', 'w'], description: 'Go to watchlists' },
  { id: 'goSettings', keys: ['g', 's'], description: 'Go to settings' },
  { id: 'toggleTheme', keys: ['t'], description: 'Toggle dark and light theme' },
];

/** Shortcuts a page handles itself (only while it is open); the dialog lists them after the global ones. */
export const pageShortcuts: readonly { id: string; keys: readonly string[]; description: string }[] = [
  { id: 'chartIndicators', keys: ['Alt', 'I'], description: 'Chart: add indicators' },
  { id: 'chartFullscreen', keys: ['Shift', 'F'], description: 'Chart: full screen (Escape leaves)' },
  { id: 'newsNext', keys: ['J'], description: 'News: next item (also ↓)' },
  { id: 'newsPrevious', keys: ['K'], description: 'News: previous item (also ↑)' },
  { id: 'newsSave', keys: ['S'], description: 'News: save the focused item to Read later, or remove it' },
];

/** How long after 'g' the second key of a sequence is accepted. */
export const SEQUENCE_TIMEOUT_MS = 1000;

/** Typing into a field must never trigger shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}
