import type { UnknownAction } from '@reduxjs/toolkit';
import { ADD_TO_FOLDER_LABEL, openAddToFolderDialog } from './add-to-folder';
import { messageText } from './message-text';
import { type ToastPosition, type ToastState, type ToastVariant, toastHidden, toastShown } from './toast-slice';

export type ToastOptions = {
  variant?: ToastVariant;
  title?: string;
  /** A string, or any value: objects show as JSON text. */
  message?: unknown;
  position?: ToastPosition;
  action?: { label: string; onClick?: () => void };
  learnMoreUrl?: string;
  countdown?: string;
  undo?: boolean;
  /** Milliseconds before it hides itself; null keeps it open. Default 5 s, 10 s with an action. */
  durationMs?: number | null;
};

const DEFAULT_DURATION_MS = 5000;
// Long enough to read and reach the button.
const ACTION_DURATION_MS = 10_000;

type Dispatch = (action: UnknownAction) => unknown;
let dispatch: Dispatch | null = null;
let nextId = 1;
const actionHandlers = new Map<number, () => void>();

/** The store calls this once; from then on `toast.show` works from anywhere, in or outside React. */
export function bindToastDispatch(storeDispatch: Dispatch): void {
  dispatch = storeDispatch;
}

function show(options: ToastOptions): number {
  const id = nextId++;
  actionHandlers.clear();
  if (options.action?.onClick) actionHandlers.set(id, options.action.onClick);
  const state: ToastState = {
    id,
    variant: options.variant ?? 'info',
    title: options.title ?? '',
    message: messageText(options.message),
    position: options.position ?? 'center',
    actionLabel: options.action?.label ?? null,
    learnMoreUrl: options.learnMoreUrl ?? null,
    countdown: options.countdown ?? null,
    undo: options.undo ?? false,
    durationMs:
      options.durationMs !== undefined ? options.durationMs : options.action ? ACTION_DURATION_MS : DEFAULT_DURATION_MS,
  };
  dispatch?.(toastShown(state));
  return id;
}

function hide(id?: number): void {
  if (id !== undefined) actionHandlers.delete(id);
  dispatch?.(toastHidden(id));
}

/** Runs a toast's action: 'Add to Folder' closes the toast and opens the add-to-folder dialog. */
function runAction(current: Pick<ToastState, 'id' | 'actionLabel'>): void {
  const handler = actionHandlers.get(current.id);
  hide(current.id);
  if (current.actionLabel === ADD_TO_FOLDER_LABEL) openAddToFolderDialog();
  handler?.();
}

export const toast = {
  show,
  hide,
  runAction,
  success: (message: unknown, options: Omit<ToastOptions, 'message' | 'variant'> = {}) =>
    show({ ...options, message, variant: 'success' }),
  error: (message: unknown, options: Omit<ToastOptions, 'message' | 'variant'> = {}) =>
    show({ ...options, message, variant: 'error' }),
  info: (message: unknown, options: Omit<ToastOptions, 'message' | 'variant'> = {}) =>
    show({ ...options, message, variant: 'info' }),
  warning: (message: unknown, options: Omit<ToastOptions, 'message' | 'variant'> = {}) =>
    show({ ...options, message, variant: 'warning' }),
};
