import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HelpPost, VoteType } from '@tradedesk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { FeaturesTab } from './features-tab';
import { emptyActivity, emptyComments, helpPost, postId, postPage, renderAt } from './posts-test-kit';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A server that keeps one feature's votes: the caller's vote counts once and can be changed or withdrawn. */
function voteServer() {
  const base = { up: 4, down: 1 };
  let mine: VoteType | null = null;
  const feature = (): HelpPost => {
    const up = base.up + (mine === 'up' ? 1 : 0);
    const down = base.down + (mine === 'down' ? 1 : 0);
    return helpPost(1, {
      kind: 'feature',
      status: 'planned',
      title: 'Trailing stops',
      votes: { up, down, score: up - down, mine },
    });
  };
  const id = postId(1);
  const net = mockFetch({
    'GET /helpcenter/features': () => ({ body: postPage([feature()]) }),
    [`POST /helpcenter/features/${id}/vote`]: (req) => {
      mine = (req.body as { vote_type: VoteType }).vote_type;
      return { body: feature() };
    },
    [`DELETE /helpcenter/features/${id}/vote`]: () => {
      mine = null;
      return { body: feature() };
    },
  });
  return { net, id };
}

describe('FeaturesTab', { timeout: 20_000 }, () => {
  it('votes up, switches to down, and withdraws the vote by pressing it again', async () => {
    const { net, id } = voteServer();
    renderAt('/help/all_requests', <FeaturesTab />);
    const votes = await screen.findByRole('group', { name: 'Votes on “Trailing stops”' });
    expect(within(votes).getByText('3')).toBeInTheDocument();
    const up = within(votes).getByRole('button', { name: 'Vote up (4)' });
    expect(up).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(up);
    expect(await within(votes).findByRole('button', { name: 'Vote up (5)' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(votes).getByText('4')).toBeInTheDocument();

    await userEvent.click(within(votes).getByRole('button', { name: 'Vote down (1)' }));
    expect(await within(votes).findByRole('button', { name: 'Vote down (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(votes).getByRole('button', { name: 'Vote up (4)' })).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(within(votes).getByRole('button', { name: 'Vote down (2)' }));
    expect(await within(votes).findByRole('button', { name: 'Vote down (1)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    expect(net.callsTo('POST', `/helpcenter/features/${id}/vote`).map((c) => c.body)).toEqual([
      { vote_type: 'up' },
      { vote_type: 'down' },
    ]);
    expect(net.callsTo('DELETE', `/helpcenter/features/${id}/vote`)).toHaveLength(1);
    expect(net.callsTo('GET', '/helpcenter/features')[0]?.query.get('status')).toBe('all_requests');
    expect(net.callsTo('GET', '/helpcenter/features')[0]?.query.get('sort')).toBe('votes');
  });

  it('links a merged request to the one that replaced it and a done one to its update', async () => {
    const merged = helpPost(2, { kind: 'feature', status: 'merged', mergedIntoId: postId(1), title: 'Trailing SL' });
    const done = helpPost(3, { kind: 'feature', status: 'done', changelogId: postId(7), title: 'Dark theme' });
    mockFetch({
      [`GET /helpcenter/features/${merged.id}`]: { body: merged },
      [`GET /helpcenter/features/${merged.id}/comments`]: emptyComments,
      [`GET /helpcenter/features/${merged.id}/activity`]: emptyActivity,
      [`GET /helpcenter/features/${done.id}`]: { body: done },
      [`GET /helpcenter/features/${done.id}/comments`]: emptyComments,
      [`GET /helpcenter/features/${done.id}/activity`]: emptyActivity,
    });
    const view = renderAt(`/help/all_requests/${merged.id}`, <FeaturesTab itemId={merged.id} />);
    expect(await screen.findByRole('link', { name: 'see the request' })).toHaveAttribute(
      'href',
      `/help/all_requests/${postId(1)}`,
    );
    view.unmount();
    renderAt(`/help/all_requests/${done.id}`, <FeaturesTab itemId={done.id} />);
    expect(await screen.findByRole('link', { name: 'read the update' })).toHaveAttribute(
      'href',
      `/help/whats_new/${postId(7)}`,
    );
  });
});
