import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderItemRoute, ticket } from '../../helpcenter/tickets/test/tickets-fixtures';
import { staffSections } from '../staff-sections';

beforeEach(() => {
  // jsdom lays nothing out: give the table's scrolling area a height, as a browser would.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const nothingSaved = { status: 404, body: { statusCode: 404, code: 'USER_DATA_NOT_FOUND', message: 'Nothing saved.' } };
const staffTicket = ticket({
  status: 'open',
  requester: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Ada L', email: 'ada@example.test' },
});

function renderSection(path: string) {
  const section = staffSections.find((s) => s.id === 'tickets');
  if (!section) throw new Error('the tickets section is not in staff-sections.ts');
  return renderItemRoute(section.Component, '/staff/tickets/:id?', path);
}

describe('the staff Tickets section', { timeout: 20_000 }, () => {
  it('lists the open tickets in the inbox table with the requester', async () => {
    const { messages: _, ...summary } = staffTicket;
    const fetch = mockFetch({
      'GET /user-data/v1/store/workspace/table.staff.tickets': nothingSaved,
      'GET /staff/tickets': { body: { items: [summary], page: 1, limit: 20, total: 1 } },
    });
    renderSection('/staff/tickets');
    const table = await screen.findByRole('grid', { name: 'Support tickets' });
    expect(await within(table).findByText('Cannot export my journal')).toBeInTheDocument();
    expect(within(table).getByText('Ada L <ada@example.test>')).toBeInTheDocument();
    expect(fetch.calls.find((c) => c.path === '/staff/tickets')?.query.get('status')).toBe('open');
  });

  it('replies and changes the status of a ticket', async () => {
    const fetch = mockFetch({
      [`GET /staff/tickets/${staffTicket.id}`]: { body: staffTicket },
      [`POST /staff/tickets/${staffTicket.id}/messages`]: { status: 201, body: { ...staffTicket, status: 'waiting' } },
      [`PUT /staff/tickets/${staffTicket.id}/status`]: { body: { ...staffTicket, status: 'solved' } },
    });
    const { user } = renderSection(`/staff/tickets/${staffTicket.id}`);
    expect(await screen.findByText('From Ada L <ada@example.test>')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Reply to the user' }));
    await user.paste('Fixed in 1.4.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await vi.waitFor(() =>
      expect(fetch.calls.find((c) => c.method === 'POST')?.body).toEqual({ message: 'Fixed in 1.4.' }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Solved' }));
    await vi.waitFor(() => expect(fetch.calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'solved' }));
  });
});
