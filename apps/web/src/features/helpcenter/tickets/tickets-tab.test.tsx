import { screen, within } from '@testing-library/react';
import type { Ticket, TicketPage } from '@tradedesk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { helpTabs } from '../helpcenter-tabs';
import { TICKET_ID as ID, renderItemRoute, ticket } from './test/tickets-fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const pageOf = (items: Ticket[], total = items.length): TicketPage => ({
  items: items.map(({ messages: _, ...t }) => t),
  page: 1,
  limit: 10,
  total,
});

/** The Tickets tab as the help center shows it, at /help/tickets/:id?. */
function renderTab(path = '/help/tickets') {
  const tab = helpTabs.find((t) => t.id === 'tickets');
  if (!tab) throw new Error('the tickets tab is not in helpcenter-tabs.ts');
  return renderItemRoute(tab.Component, '/help/tickets/:id?', path);
}

describe('the Tickets tab', { timeout: 20_000 }, () => {
  it('lists the tickets with their status, page 1 first, and says so when there are none', async () => {
    const fetch = mockFetch({ 'GET /helpcenter/tickets': { body: pageOf([ticket()]) } });
    renderTab();
    const list = await screen.findByRole('list', { name: 'Your tickets' });
    expect(within(list).getByText('Cannot export my journal')).toBeInTheDocument();
    expect(within(list).getByText('Awaiting your reply')).toBeInTheDocument();
    expect(fetch.calls.find((c) => c.path === '/helpcenter/tickets')?.query.get('page')).toBe('1');
  });

  it('shows the empty state', async () => {
    mockFetch({ 'GET /helpcenter/tickets': { body: pageOf([]) } });
    renderTab();
    expect(await screen.findByText('No tickets yet.')).toBeInTheDocument();
  });

  it('opens a new ticket: the fields are required, then it sends and shows the conversation', async () => {
    const fetch = mockFetch({
      'GET /helpcenter/tickets': { body: pageOf([]) },
      'POST /helpcenter/tickets': { status: 201, body: ticket({ status: 'open' }) },
      [`GET /helpcenter/tickets/${ID}`]: { body: ticket({ status: 'open' }) },
    });
    const { user, router } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'New ticket' }));
    await user.click(screen.getByRole('button', { name: 'Send ticket' }));
    expect(screen.getByText('Subject is required.')).toBeInTheDocument();
    expect(screen.getByText('Message is required.')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Subject' }));
    await user.paste('Cannot export my journal');
    await user.click(screen.getByRole('textbox', { name: 'Message' }));
    await user.paste('The CSV is empty.');
    await user.click(screen.getByRole('button', { name: 'Send ticket' }));
    expect(await screen.findByRole('heading', { name: 'Cannot export my journal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/help/tickets/${ID}`);
    expect(fetch.calls.find((c) => c.method === 'POST')?.body).toEqual({
      subject: 'Cannot export my journal',
      message: 'The CSV is empty.',
    });
  });

  it('shows the conversation and sends a reply; a server refusal is shown', async () => {
    let fail = true;
    const fetch = mockFetch({
      [`GET /helpcenter/tickets/${ID}`]: { body: ticket() },
      [`POST /helpcenter/tickets/${ID}/messages`]: () =>
        fail
          ? { status: 400, body: { statusCode: 400, code: 'VALIDATION', message: 'message is too long.' } }
          : { status: 201, body: ticket({ status: 'open' }) },
    });
    const { user } = renderTab(`/help/tickets/${ID}`);
    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(within(messages).getByText('Try again now.')).toBeInTheDocument();
    // the team name says it is support: no "(support)" after it (staff see that beside their colleagues' names)
    expect(within(messages).getByText(/^TradeDesk support ·/)).toBeInTheDocument();
    expect(within(messages).queryByText(/\(support\)/)).toBeNull();
    await user.click(screen.getByRole('textbox', { name: 'Your reply' }));
    await user.paste('Works now, thanks!');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('message is too long.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await vi.waitFor(() => expect(screen.getByRole('textbox', { name: 'Your reply' })).toHaveValue(''));
    expect(fetch.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ message: 'Works now, thanks!' });
  });
});
