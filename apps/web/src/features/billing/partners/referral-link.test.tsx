import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/router';
import { referralNavigation } from './referral-link';

afterEach(() => vi.restoreAllMocks());

describe('/r/{code}, the referral link a partner shares', () => {
  it('hands the visit to the API click route, which counts it, sets the referral cookie and goes to sign-up', async () => {
    const go = vi.spyOn(referralNavigation, 'go').mockImplementation(() => {});
    const router = createMemoryRouter(routes, { initialEntries: ['/r/K7QX2MPA'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Taking you to sign-up…');
    expect(go).toHaveBeenCalledTimes(1);
    expect(go).toHaveBeenCalledWith(`${window.location.origin}/api/affiliates/click/K7QX2MPA`);
  });

  it('keeps an odd code intact for the server to judge (an unknown one still lands on sign-up there)', async () => {
    const go = vi.spyOn(referralNavigation, 'go').mockImplementation(() => {});
    const router = createMemoryRouter(routes, { initialEntries: ['/r/a%20b'] });
    render(<RouterProvider router={router} />);
    await screen.findByRole('status');
    expect(go).toHaveBeenCalledWith(`${window.location.origin}/api/affiliates/click/a%20b`);
  });
});
