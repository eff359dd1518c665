import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export const toastVariants = ['success', 'error', 'warning', 'info', 'infov2', 'successv2'] as const;
export type ToastVariant = (typeof toastVariants)[number];
export type ToastPosition = 'center' | 'left' | 'right';

/** What the store keeps: serialisable only (action callbacks live beside it, keyed by id). */
export type ToastState = {
  id: number;
  variant: ToastVariant;
  title: string;
  message: string;
  position: ToastPosition;
  actionLabel: string | null;
  learnMoreUrl: string | null;
  countdown: string | null;
  /** Undo mode shows a close icon beside the action. */
  undo: boolean;
  /** Hides itself after this long; null keeps it until closed. */
  durationMs: number | null;
};

type ToastSliceState = { current: ToastState | null; nextId: number };

const initialState: ToastSliceState = { current: null, nextId: 1 };

export const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<ToastState>) {
        state.current = action.payload;
        state.nextId = Math.max(state.nextId, action.payload.id + 1);
      },
      prepare(payload: ToastState) {
        return { payload };
      },
    },
    toastHidden(state, action: PayloadAction<number | undefined>) {
      if (action.payload === undefined || state.current?.id === action.payload) state.current = null;
    },
  },
  selectors: {
    selectToast: (state) => state.current,
  },
});

export const { toastShown, toastHidden } = toastSlice.actions;
export const { selectToast } = toastSlice.selectors;

/** Spec section 5: a toast needs a non-blank title or message. */
export function isToastVisible(toast: Pick<ToastState, 'title' | 'message'> | null): boolean {
  return toast !== null && (toast.title.trim() !== '' || toast.message.trim() !== '');
}
