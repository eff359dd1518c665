import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeConfiguration, mockServer, renderSettings, validationFailed } from '../test/settings-test-utils';

beforeEach(() => {
  // jsdom has no object URLs; the preview only needs a stable address.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
});
afterEach(() => vi.unstubAllGlobals());

async function openProfile() {
  const view = renderSettings('/settings/public_profile');
  const form = await screen.findByRole('form', { name: 'Profile' });
  return { ...view, form };
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'me.png', { type: 'image/png' });

describe('public_profile', { timeout: 20_000 }, () => {
  it('shows the saved profile, with visibility and is_public as one choice of audience', async () => {
    mockServer({
      'GET /customer/configuration': { body: makeConfiguration({ profile: { visibility: 'followers' } }) },
    });
    const { form } = await openProfile();

    expect(within(form).getByLabelText(/Username/)).toHaveValue('ada');
    expect(within(form).getByLabelText('Biography')).toHaveValue('Analyst of engines');
    expect(within(form).getByLabelText('Website')).toHaveValue('https://ada.example.com');
    expect(within(form).getByLabelText('Location')).toHaveValue('London');
    // followers with is_public: true shows as the nearest choice: followers, who must ask.
    const audience = within(form).getByRole('radiogroup', { name: 'Who can see your profile' });
    expect(within(audience).getByRole('radio', { name: 'Followers you accept' })).toBeChecked();
    expect(within(audience).getAllByRole('radio')).toHaveLength(3);
    expect(within(form).getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('checks a new username and sends the changes in snake_case', async () => {
    const server = mockServer({
      'GET /profile/username/ada_l': { body: { username: 'ada_l', available: true } },
      'PUT /profile': { body: makeConfiguration({ profile: { username: 'ada_l', isPublic: false } }) },
    });
    const { user, form, store } = await openProfile();

    const username = within(form).getByLabelText(/Username/);
    await user.clear(username);
    await user.type(username, 'ada_l');
    expect(await within(form).findByText('This username is available.')).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: 'Only you' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await screen.findByText('Your profile was saved.');
    expect(server.callsTo('PUT /profile').map((c) => c.body)).toEqual([
      { username: 'ada_l', is_public: false, visibility: 'nobody' },
    ]);
    expect(store.getState().auth.user?.username).toBe('ada_l');
  });

  it('does not check the current username, and blocks saving a taken one', async () => {
    const server = mockServer({ 'GET /profile/username/babbage': { body: { username: 'babbage', available: false } } });
    const { user, form } = await openProfile();

    const username = within(form).getByLabelText(/Username/);
    await user.clear(username);
    await user.type(username, 'ADA');
    await user.type(within(form).getByLabelText('Location'), ', UK');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.calls.some((c) => c.path.startsWith('/profile/username/'))).toBe(false);

    await user.clear(username);
    await user.type(username, 'babbage');
    expect(await within(form).findByText('This username is taken.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(server.callsTo('PUT /profile')).toHaveLength(0);
  });

  it('shows validation errors and the server’s conflict on the field', async () => {
    const server = mockServer({
      'GET /profile/username/newname': { body: { username: 'newname', available: true } },
      'PUT /profile': validationFailed('username', 'This username is taken.', 'USER_USERNAME_TAKEN', 409),
    });
    const { user, form } = await openProfile();

    const website = within(form).getByLabelText('Website');
    await user.clear(website);
    await user.type(website, 'ftp://ada');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Website must be an http or https URL, or empty.')).toBeInTheDocument();
    expect(server.callsTo('PUT /profile')).toHaveLength(0);

    await user.clear(website);
    const username = within(form).getByLabelText(/Username/);
    await user.clear(username);
    await user.type(username, 'newname');
    await within(form).findByText('This username is available.');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(username).toHaveAccessibleDescription('This username is taken.'));
    expect(server.callsTo('PUT /profile')[0]?.body).toEqual({ username: 'newname', url: '' });
  });

  it('previews an avatar before uploading it as the multipart field file', async () => {
    const server = mockServer({ 'PUT /customer/profile/image': { body: { url: '/api/files/avatar/x.png' } } });
    const { user } = await openProfile();

    expect(screen.getByText('No avatar yet.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Avatar file'), png());
    expect(screen.getByRole('img', { name: 'Avatar preview' })).toHaveAttribute('src', 'blob:preview');
    expect(server.callsTo('PUT /customer/profile/image')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Upload avatar' }));
    await screen.findByText('Your avatar was updated.');
    expect(server.callsTo('PUT /customer/profile/image').map((c) => c.body)).toEqual([{ file: { size: 7 } }]);
    expect(screen.queryByRole('button', { name: 'Upload avatar' })).not.toBeInTheDocument();
  });

  it('says clearly when the server refuses the type (415) or the size (413)', async () => {
    const server = mockServer({
      'PUT /customer/profile/banner': validationFailed(
        'file',
        'The file must be a PNG, JPEG, WebP or GIF image.',
        'SETTINGS_UPLOAD_TYPE',
        415,
      ),
    });
    const { user } = await openProfile();

    await user.upload(screen.getByLabelText('Banner file'), png());
    await user.click(screen.getByRole('button', { name: 'Upload banner' }));
    expect(
      await screen.findByText('This file type is not accepted. The file must be a PNG, JPEG, WebP or GIF image.'),
    ).toBeInTheDocument();

    server.on(
      'PUT /customer/profile/banner',
      validationFailed('file', 'The file must be at most 2 MB.', 'SETTINGS_UPLOAD_TOO_LARGE', 413),
    );
    await user.click(screen.getByRole('button', { name: 'Upload banner' }));
    expect(await screen.findByText('The file is too large. The file must be at most 2 MB.')).toBeInTheDocument();
  });

  it('refuses a file that is plainly not an image without uploading it', async () => {
    const server = mockServer();
    await openProfile();

    const input = screen.getByLabelText('Avatar file');
    // The picker's accept filter can be bypassed (drag and drop, "All files"): the page checks again.
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });

    expect(screen.getByText(/This file type is not accepted/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload avatar' })).not.toBeInTheDocument();
    expect(server.callsTo('PUT /customer/profile/image')).toHaveLength(0);
  });
});
