import { screen, waitFor, within } from '@testing-library/react';
import { notificationKeys } from '@tradedesk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeConfiguration, mockServer, renderSettings, validationFailed } from '../test/settings-test-utils';
import { notificationGroups } from './notifications-page';

afterEach(() => vi.unstubAllGlobals());

async function openNotifications() {
  const view = renderSettings('/settings/notifications');
  const form = await screen.findByRole('form', { name: 'Notifications' });
  return { ...view, form };
}

describe('notifications', { timeout: 20_000 }, () => {
  it('shows one switch per notification key with its saved value', async () => {
    mockServer({ 'GET /customer/configuration': { body: makeConfiguration({ notifications: { emailNews: false } }) } });
    const { form } = await openNotifications();

    expect(within(form).getAllByRole('switch')).toHaveLength(12);
    expect(within(form).getByRole('switch', { name: 'News emails' })).not.toBeChecked();
    expect(within(form).getByRole('switch', { name: 'Mentions' })).toBeChecked();
    expect(within(form).getByRole('switch', { name: 'New followers' })).not.toBeChecked();
    expect(within(form).getByRole('switch', { name: 'Weekly report' })).not.toBeChecked();
    expect(within(form).getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('groups every switch exactly once, the social ones under Community', async () => {
    expect(notificationGroups.flatMap((g) => g.keys).sort()).toEqual([...notificationKeys].sort());
    mockServer({
      'GET /customer/configuration': { body: makeConfiguration({ notifications: { pushLikes: false } }) },
    });
    const { form } = await openNotifications();

    const community = within(form).getByRole('group', { name: 'Community' });
    expect(
      within(community)
        .getAllByRole('switch')
        .map((s) => s.getAttribute('name')),
    ).toEqual([
      'push_follows',
      'push_requests',
      'push_likes',
      'push_comments',
      'push_mentions',
      'push_reposts',
      'push_messages',
    ]);
    expect(within(community).getByRole('switch', { name: 'Likes' })).not.toBeChecked();
    expect(within(community).getByRole('switch', { name: 'Reposts' })).toBeChecked();
    expect(within(community).getByRole('switch', { name: 'Requests and invites' })).toBeChecked();
  });

  it('turns a social notice type off', async () => {
    const server = mockServer({
      'PUT /customer/settings/notifications': {
        body: makeConfiguration({ notifications: { pushComments: false } }),
      },
    });
    const { user, form } = await openNotifications();

    await user.click(within(form).getByRole('switch', { name: 'Comments' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await screen.findByText('Your notification settings were saved.');
    expect(server.callsTo('PUT /customer/settings/notifications').map((c) => c.body)).toEqual([
      { push_comments: false },
    ]);
  });

  it('sends the switched keys in snake_case', async () => {
    const server = mockServer({
      'PUT /customer/settings/notifications': {
        body: makeConfiguration({ notifications: { weeklyReport: true, pushMessages: false } }),
      },
    });
    const { user, form } = await openNotifications();

    await user.click(within(form).getByRole('switch', { name: 'Weekly report' }));
    await user.click(within(form).getByRole('switch', { name: 'Messages' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await screen.findByText('Your notification settings were saved.');
    expect(server.callsTo('PUT /customer/settings/notifications').map((c) => c.body)).toEqual([
      { push_messages: false, weekly_report: true },
    ]);
    await waitFor(() => expect(within(form).getByRole('switch', { name: 'Weekly report' })).toBeChecked());
    expect(within(form).getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('shows a server refusal that names no field of the form above it', async () => {
    mockServer({
      'PUT /customer/settings/notifications': validationFailed('sms_news', 'sms_news is not a notification setting.'),
    });
    const { user, form } = await openNotifications();

    await user.click(within(form).getByRole('switch', { name: 'Mentions' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('sms_news is not a notification setting.');
  });

  it('puts a server error for a switch on that switch', async () => {
    mockServer({
      'PUT /customer/settings/notifications': validationFailed('push_follows', 'push_follows must be true or false.'),
    });
    const { user, form } = await openNotifications();

    await user.click(within(form).getByRole('switch', { name: 'New followers' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await within(form).findByText('push_follows must be true or false.')).toBeInTheDocument();
  });
});
