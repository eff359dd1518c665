import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffMe } from '@tradedesk/contracts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { RequireAuth } from '../../../app/route-guards';
import { createAppStore } from '../../../app/store';
import { signedInState } from '../../../test/render-app';
import { mockServer } from '../../settings/test/settings-test-utils';
import { StaffConsolePage } from '../staff-console-page';

export const roles: Record<'user' | 'staff' | 'admin', StaffMe> = {
  user: { role: 'user', isStaff: false, isAdmin: false },
  staff: { role: 'staff', isStaff: true, isAdmin: false },
  admin: { role: 'admin', isStaff: true, isAdmin: true },
};

/** The staff console at `path` for a signed-in person with `role`; other calls answered from `handlers`. */
export function renderConsole(path: string, role: keyof typeof roles, handlers: Parameters<typeof mockServer>[0] = {}) {
  const nothingSaved = {
    status: 404,
    body: { statusCode: 404, code: 'USER_DATA_NOT_FOUND', message: 'Nothing saved.' },
  };
  const tables = ['users', 'audit', 'moderation', 'partners', 'plans', 'addons', 'coupons'];
  const server = mockServer({
    'GET /staff/me': { body: roles[role] },
    ...Object.fromEntries(tables.map((t) => [`GET /user-data/v1/store/workspace/table.staff.${t}`, nothingSaved])),
    ...handlers,
  });
  const store = createAppStore(signedInState());
  const router = createMemoryRouter(
    [{ element: <RequireAuth />, children: [{ path: 'staff/:section?/:id?', element: <StaffConsolePage /> }] }],
    { initialEntries: [path] },
  );
  const user = userEvent.setup({ delay: null });
  render(
    <AppProviders store={store} withSession={false}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { server, router, user };
}
