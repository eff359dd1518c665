import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { api } from '../../app/api';
import { AppProviders } from '../../app/providers';
import { createAppStore } from '../../app/store';
import { signedInState } from '../../test/render-app';

/** A kit component under the real store, theme and toast, signed in, without the router or session upkeep. */
export function renderWithStore(ui: ReactNode) {
  const store = createAppStore(signedInState());
  store.dispatch(api.util.resetApiState());
  const wrap = (node: ReactNode) => (
    <AppProviders store={store} withSession={false}>
      {node}
    </AppProviders>
  );
  const view = render(wrap(ui));
  return { ...view, store, rerender: (node: ReactNode) => view.rerender(wrap(node)) };
}
