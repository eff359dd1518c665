import { useEffect, useRef } from 'react';
import { isTypingTarget, SEQUENCE_TIMEOUT_MS, type ShortcutId, shortcuts } from '../shortcuts';

/** Listens for the shortcuts of `shortcuts.ts` (single keys, two-key sequences and Ctrl+K) on the document. */
export function useKeyboardShortcuts(handlers: Record<ShortcutId, () => void>): void {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    let pending: { key: string; at: number } | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      // Ctrl+K (Cmd+K on a Mac) searches symbols from anywhere, a field included, as in most trading tools.
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        latest.current.search();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      const key = event.key;
      const now = event.timeStamp;
      const prefix = pending && now - pending.at <= SEQUENCE_TIMEOUT_MS ? pending.key : null;
      pending = null;
      for (const shortcut of shortcuts) {
        const [first, second] = shortcut.keys;
        const matches = second === undefined ? prefix === null && first === key : prefix === first && second === key;
        if (matches) {
          event.preventDefault();
          latest.current[shortcut.id]();
          return;
        }
      }
      if (shortcuts.some((s) => s.keys.length === 2 && s.keys[0] === key)) pending = { key, at: now };
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
