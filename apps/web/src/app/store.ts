import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { accountApi } from '../features/account/account-api';
import { authSlice, sessionStarted, signedOut } from '../features/auth/auth-slice';
import { dialogsSlice } from '../shared/dialogs/dialogs-slice';
import { storeThemeMode, themeModeChosen, themeModeLoaded, themeSlice } from '../shared/theme/theme-slice';
import { bindToastDispatch } from '../shared/toast/toast';
import { toastSlice } from '../shared/toast/toast-slice';
import { api } from './api';
import { listenForApiErrors } from './error-listener';

const reducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [authSlice.reducerPath]: authSlice.reducer,
  [themeSlice.reducerPath]: themeSlice.reducer,
  [toastSlice.reducerPath]: toastSlice.reducer,
  [dialogsSlice.reducerPath]: dialogsSlice.reducer,
});

export type RootState = ReturnType<typeof reducer>;

export function createAppStore(preloadedState?: Partial<RootState>) {
  const listener = createListenerMiddleware();
  const store = configureStore({
    reducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });

  listenForApiErrors(listener);

  // Signing out, however it happens, drops every cached answer of the previous user.
  listener.startListening({
    actionCreator: signedOut,
    effect: (_action, { dispatch }) => {
      dispatch(api.util.resetApiState());
      dispatch(dialogsSlice.actions.gateDialogClosed());
    },
  });

  // A session brings the user's saved theme (spec section 4: the choice follows the account).
  listener.startListening({
    actionCreator: sessionStarted,
    effect: (action, { dispatch, getState }) => {
      const saved = action.payload.user.theme;
      if (saved !== (getState() as RootState).theme.mode) dispatch(themeModeLoaded(saved));
    },
  });

  for (const actionCreator of [themeModeChosen, themeModeLoaded]) {
    listener.startListening({ actionCreator, effect: (action) => storeThemeMode(action.payload) });
  }

  listener.startListening({
    actionCreator: themeModeChosen,
    effect: (action, { dispatch, getState }) => {
      if ((getState() as RootState).auth.status !== 'signedIn') return;
      void dispatch(accountApi.endpoints.saveTheme.initiate({ theme: action.payload }));
    },
  });

  bindToastDispatch(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
