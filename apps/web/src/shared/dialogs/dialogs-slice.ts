import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Plan-gating dialogs of spec section 8. */
export type GateDialog = 'featureLimit' | 'accessFeature';

type DialogsState = { gate: { kind: GateDialog; message: string } | null };

const initialState: DialogsState = { gate: null };

export const dialogsSlice = createSlice({
  name: 'dialogs',
  initialState,
  reducers: {
    gateDialogOpened(state, action: PayloadAction<{ kind: GateDialog; message: string }>) {
      state.gate = action.payload;
    },
    gateDialogClosed(state) {
      state.gate = null;
    },
  },
  selectors: { selectGateDialog: (state) => state.gate },
});

export const { gateDialogOpened, gateDialogClosed } = dialogsSlice.actions;
export const { selectGateDialog } = dialogsSlice.selectors;
