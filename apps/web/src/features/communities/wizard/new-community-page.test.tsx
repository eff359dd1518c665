import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorBody, mockFetch } from '../../../test/fetch-mock';
import { renderApp, signedInState } from '../../../test/render-app';
import { communitySummary, OWNED } from '../directory/directory-fixtures';

const FIRST = { timeout: 15_000 };

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const created = (handle: string) => ({
  ...communitySummary({ id: OWNED, handle, name: 'London Open', visibility: 'private', membership: 'member' }),
});

/** GET /community/handle-available: `taken` is taken, anything else free. */
const handleRoute = {
  'GET /community/handle-available': (req: { query: URLSearchParams }) => {
    const handle = req.query.get('handle') ?? '';
    return {
      body:
        handle === 'taken'
          ? { handle, available: false, reason: 'The handle @taken is already used by another community.' }
          : { handle, available: true, reason: null },
    };
  },
};

const heading = (name: string) => screen.findByRole('heading', { level: 2, name });
const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

/** Steps 1 to 4, to the identity step. */
async function fillToIdentity() {
  await heading('What are you creating?');
  await userEvent.click(screen.getByRole('radio', { name: /^Trading group/ }));
  await next();
  await heading('Do you already have a community?');
  await userEvent.click(screen.getByRole('textbox', { name: 'Address of your existing community (optional)' }));
  await userEvent.paste('https://discord.gg/london');
  await userEvent.click(screen.getByRole('radio', { name: '1 to 50 members' }));
  await next();
  await heading('Where does it meet today?');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Discord' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Telegram' }));
  await next();
  await heading('Who can see it?');
  await userEvent.click(screen.getByRole('radio', { name: /^Private/ }));
  await next();
  await heading('Give it a name and a face');
}

describe('create-community wizard', () => {
  it('goes step by step and checks the handle as typed', async () => {
    const net = mockFetch({
      ...handleRoute,
      'POST /community': (req) => ({ status: 201, body: created((req.body as { handle: string }).handle) }),
      [`PUT /community/${OWNED}/image`]: { body: { url: '/media/x.png' } },
    });
    renderApp('/communities/new', signedInState());
    expect(await screen.findByRole('heading', { level: 1, name: 'Create a community' }, FIRST)).toBeVisible();

    // A step cannot be skipped: Next names what is missing.
    await heading('What are you creating?');
    await next();
    expect(screen.getByText('Choose what kind of community it is.')).toBeInTheDocument();
    await fillToIdentity();

    await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.paste('London Open');
    const handle = screen.getByRole('textbox', { name: 'Handle' });
    expect(handle).toHaveValue('london-open');
    expect(await screen.findByText('@london-open is available.')).toBeInTheDocument();
    await userEvent.clear(handle);
    await userEvent.type(handle, 'taken');
    expect(await screen.findByText('The handle @taken is already used by another community.')).toBeInTheDocument();
    await next();
    expect(screen.getByRole('heading', { level: 2, name: 'Give it a name and a face' })).toBeInTheDocument();
    expect(screen.getByText(/Choose at least one category\./)).toBeInTheDocument();
    await userEvent.clear(handle);
    await userEvent.type(handle, 'london-open');
    expect(await screen.findByText('@london-open is available.')).toBeInTheDocument();
    // The typed handle is checked once it settles, not on every key.
    const asked = net.calls.filter((c) => c.path === '/community/handle-available').map((c) => c.query.get('handle'));
    expect(asked).not.toContain('l');
    expect(asked).not.toContain('lo');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Forex' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Crypto' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Stocks' }));
    expect(screen.getByRole('checkbox', { name: 'Options' })).toBeDisabled();
    await userEvent.upload(screen.getByLabelText('Image file'), new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(screen.getByText('logo.png')).toBeInTheDocument();
    await next();
    await heading('Review and create');
    const review = screen.getByLabelText('Your community');
    expect(within(review).getByText('Discord, Telegram')).toBeInTheDocument();
    expect(within(review).getByText('@london-open')).toBeInTheDocument();
  });

  it('revisits a step from the stepper, then creates and uploads the image', async () => {
    const net = mockFetch({
      ...handleRoute,
      'POST /community': (req) => ({ status: 201, body: created((req.body as { handle: string }).handle) }),
      [`PUT /community/${OWNED}/image`]: { body: { url: '/media/x.png' } },
    });
    const { history } = renderApp('/communities/new', signedInState());
    await fillToIdentity();
    await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.paste('London Open');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Forex' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Crypto' }));
    await userEvent.upload(screen.getByLabelText('Image file'), new File(['png'], 'logo.png', { type: 'image/png' }));
    await screen.findByText('@london-open is available.');
    await next();
    await heading('Review and create');

    // A visited step can be revisited from the stepper, with what was entered; later steps stay reachable.
    const steps = screen.getByLabelText('Steps');
    await userEvent.click(within(steps).getByRole('tab', { name: /Visibility/ }));
    await heading('Who can see it?');
    expect(screen.getByRole('radio', { name: /^Private/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /^Public/ }));
    await userEvent.click(within(steps).getByRole('tab', { name: /Review/ }));
    await heading('Review and create');
    expect(net.callsTo('POST', '/community')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Create the community' }));
    await waitFor(() => expect(history.location.pathname).toBe('/communities/london-open'));
    expect(net.callsTo('POST', '/community')[0]?.body).toEqual({
      type: 'trading_group',
      existing_community_url: 'https://discord.gg/london',
      community_size: '1_50',
      platforms: ['discord', 'telegram'],
      visibility: 'public',
      name: 'London Open',
      handle: 'london-open',
      description: '',
      categories: ['forex', 'crypto'],
    });
    expect(net.callsTo('PUT', `/community/${OWNED}/image`)).toHaveLength(1);
    expect(net.callsTo('PUT', `/community/${OWNED}/banner`)).toHaveLength(0);
  });

  it('resets everything, and asks before leaving with unsaved data', async () => {
    mockFetch(handleRoute);
    const { history } = renderApp('/communities/new', signedInState());
    await heading('What are you creating?');
    expect(screen.getByRole('button', { name: 'Reset all' })).toBeDisabled();
    await fillToIdentity();

    await userEvent.click(screen.getByRole('button', { name: 'Reset all' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset the wizard?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset all' }));
    await heading('What are you creating?');
    expect(screen.getByRole('radio', { name: /^Trading group/ })).not.toBeChecked();
    expect(within(screen.getByLabelText('Steps')).getByRole('tab', { name: /Platforms/ })).toBeDisabled();

    await userEvent.click(screen.getByRole('radio', { name: /^Education/ }));
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    const leave = await screen.findByRole('dialog', { name: 'Leave without creating the community?' });
    await userEvent.click(within(leave).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(history.location.pathname).toBe('/communities/new');
    expect(screen.getByRole('radio', { name: /^Education/ })).toBeChecked();

    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave without creating the community?' })).getByRole('button', {
        name: 'Discard and leave',
      }),
    );
    await waitFor(() => expect(history.location.pathname).toBe('/communities'));
  });

  it('takes a handle taken meanwhile back to the identity step, on the field', async () => {
    mockFetch({
      ...handleRoute,
      'POST /community': errorBody(409, 'COMMUNITY_HANDLE_TAKEN', 'The handle @london-open is already taken.', {
        fields: [{ field: 'handle', message: 'The handle @london-open is already taken.' }],
      }),
    });
    const { history } = renderApp('/communities/new', signedInState());
    await fillToIdentity();
    await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.paste('London Open');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Forex' }));
    await screen.findByText('@london-open is available.');
    await next();
    await heading('Review and create');
    await userEvent.click(screen.getByRole('button', { name: 'Create the community' }));
    await heading('Give it a name and a face');
    expect(screen.getByRole('textbox', { name: 'Handle' })).toHaveAccessibleDescription(
      'The handle @london-open is already taken.',
    );
    expect(history.location.pathname).toBe('/communities/new');
  });
});
