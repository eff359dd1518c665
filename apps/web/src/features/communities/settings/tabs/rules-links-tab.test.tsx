import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommunityRule } from '@tradedesk/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../../shared/test/render-with-store';
import { errorBody, mockFetch } from '../../../../test/fetch-mock';
import { COMMUNITY, community, TABLE_HEIGHT } from '../test/fixtures';
import { RulesLinksTab } from './rules-links-tab';

const base = `/community/${COMMUNITY}`;
const id = (n: number) => `c0000000-0000-4000-8000-00000000000${n}`;
const rule = (n: number, title: string): CommunityRule => ({
  id: id(n),
  title,
  description: `About ${title}`,
  position: n,
});

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(TABLE_HEIGHT);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function titles(grid: HTMLElement): string[] {
  return within(grid)
    .getAllByRole('row')
    .filter((r) => r.getAttribute('aria-rowindex') !== '1')
    .map((r) => within(r).getAllByRole('gridcell')[1]?.textContent ?? '');
}

describe('Rules & links tab', () => {
  it('reorders rules with Alt+Down and saves every id in the new order; a refused order goes back', async () => {
    let rules = [rule(1, 'Be kind'), rule(2, 'No spam'), rule(3, 'No signals for sale')];
    let refuse = false;
    const net = mockFetch({
      [`GET ${base}/rules`]: () => ({ body: { items: rules } }),
      [`GET ${base}/links`]: { body: { items: [] } },
      [`PUT ${base}/rules/reorder`]: (req) => {
        if (refuse) return errorBody(400, 'COMMUNITY_REORDER_MISMATCH', 'ids must list every rule once.');
        const ids = (req.body as { ids: string[] }).ids;
        rules = ids.map((i, n) => ({ ...rules.find((r) => r.id === i)!, position: n + 1 }));
        return { body: { items: rules } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithStore(<RulesLinksTab community={community()} />);
    const grid = await screen.findByRole('grid', { name: 'Rules' });
    await waitFor(() => expect(titles(grid)).toEqual(['Be kind', 'No spam', 'No signals for sale']));
    expect(within(grid).getByTestId('rule-row-1')).toHaveAttribute('draggable', 'true');

    await user.click(within(grid).getByText('Be kind'));
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(titles(grid)).toEqual(['No spam', 'Be kind', 'No signals for sale']);
    await waitFor(() => expect(net.callsTo('PUT', `${base}/rules/reorder`)).toHaveLength(1));
    expect(net.callsTo('PUT', `${base}/rules/reorder`)[0]?.body).toEqual({ ids: [id(2), id(1), id(3)] });

    refuse = true;
    await user.click(within(grid).getByText('No signals for sale'));
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(net.callsTo('PUT', `${base}/rules/reorder`)).toHaveLength(2));
    await waitFor(() => expect(titles(grid)).toEqual(['No spam', 'Be kind', 'No signals for sale']));
  });

  it('adds, edits and deletes a link, with the field errors of the contract', async () => {
    let links = [{ id: id(1), title: 'Discord', url: 'https://discord.gg/fx', position: 1 }];
    const net = mockFetch({
      [`GET ${base}/rules`]: { body: { items: [] } },
      [`GET ${base}/links`]: () => ({ body: { items: links } }),
      [`POST ${base}/links`]: (req) => {
        const body = req.body as { title: string; url: string };
        links = [...links, { id: id(2), ...body, position: 2 }];
        return { status: 201, body: links[1] };
      },
      [`PUT ${base}/links/${id(1)}`]: (req) => {
        links = [{ ...links[0]!, ...(req.body as object) }, ...links.slice(1)];
        return { body: links[0] };
      },
      [`DELETE ${base}/links/${id(2)}`]: () => {
        links = links.slice(0, 1);
        return { status: 204 };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithStore(<RulesLinksTab community={community()} />);
    expect(await screen.findByText('No rules yet.')).toBeInTheDocument();
    const add = screen.getByRole('form', { name: 'Add a link' });
    await user.type(within(add).getByRole('textbox', { name: 'Title' }), 'Blog');
    await user.type(within(add).getByRole('textbox', { name: 'Address' }), 'not a url');
    await user.click(within(add).getByRole('button', { name: 'Add link' }));
    expect(await within(add).findByText('url must be a web address (https://...).')).toBeInTheDocument();
    expect(net.callsTo('POST', `${base}/links`)).toHaveLength(0);
    const url = within(add).getByRole('textbox', { name: 'Address' });
    await user.clear(url);
    await user.type(url, 'https://fx.example.com');
    await user.click(within(add).getByRole('button', { name: 'Add link' }));
    await waitFor(() => expect(net.callsTo('POST', `${base}/links`)).toHaveLength(1));
    expect(net.callsTo('POST', `${base}/links`)[0]?.body).toEqual({ title: 'Blog', url: 'https://fx.example.com' });
    const grid = screen.getByRole('grid', { name: 'Links' });
    expect(await within(grid).findByText('Blog')).toBeInTheDocument();

    await user.click(within(grid).getByRole('button', { name: 'Edit Discord' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the link' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Our Discord');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo('PUT', `${base}/links/${id(1)}`)).toHaveLength(1));
    expect(net.callsTo('PUT', `${base}/links/${id(1)}`)[0]?.body).toEqual({
      title: 'Our Discord',
      url: 'https://discord.gg/fx',
    });

    await user.click(within(grid).getByRole('button', { name: 'Delete Blog' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete the link “Blog”?' })).getByRole('button', {
        name: 'Delete link',
      }),
    );
    await waitFor(() => expect(net.callsTo('DELETE', `${base}/links/${id(2)}`)).toHaveLength(1));
    await waitFor(() => expect(within(grid).queryByText('Blog')).not.toBeInTheDocument());
  });
});
