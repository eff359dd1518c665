import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Poll } from '@tradedesk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../shared/test/render-with-store';
import { mockFetch } from '../../../test/fetch-mock';
import { pollClosesText, pollView } from './poll-model';
import { PollView } from './poll-view';

const POST = '11111111-1111-4111-8111-111111111111';
const open: Poll = {
  question: 'EURUSD this week?',
  options: [
    { id: 'a', text: 'Up', votes: null },
    { id: 'b', text: 'Down', votes: null },
  ],
  closesAt: '2030-01-02T00:00:00.000Z',
  closed: false,
  totalVotes: null,
  myVote: null,
};
const voted: Poll = {
  ...open,
  options: [
    { id: 'a', text: 'Up', votes: 3 },
    { id: 'b', text: 'Down', votes: 1 },
  ],
  totalVotes: 4,
  myVote: 'a',
};

afterEach(() => vi.unstubAllGlobals());

describe('pollView', () => {
  it.each([
    ['open and not voted: options to vote for, no results', open, true, false],
    ['voted: results, no voting', voted, false, true],
    ['closed without a vote: results', { ...open, closed: true }, false, true],
  ])('%s', (_name, poll, canVote, showResults) => {
    const view = pollView(poll);
    expect(view.canVote).toBe(canVote);
    expect(view.showResults).toBe(showResults);
  });

  it('computes whole percentages and marks the caller vote', () => {
    const view = pollView(voted);
    expect(view.rows.map((r) => [r.id, r.percent, r.mine])).toEqual([
      ['a', 75, true],
      ['b', 25, false],
    ]);
    expect(view.total).toBe(4);
  });

  it('prefers the vote details the server computed', () => {
    const view = pollView(voted, {
      question: voted.question,
      totalVotes: 5,
      closed: false,
      myVote: 'a',
      options: [
        { id: 'a', text: 'Up', votes: 4, percent: 80 },
        { id: 'b', text: 'Down', votes: 1, percent: 20 },
      ],
    });
    expect(view.rows.map((r) => r.percent)).toEqual([80, 20]);
    expect(view.total).toBe(5);
  });

  it('says when it closes', () => {
    const now = Date.parse('2030-01-01T00:00:00.000Z');
    expect(pollClosesText(open, now)).toBe('Closes in 24 h');
    expect(pollClosesText({ ...open, closesAt: '2030-01-04T00:00:00.000Z' }, now)).toBe('Closes in 3 d');
    expect(pollClosesText({ ...open, closed: true }, now)).toBe('Closed');
  });
});

describe('PollView', () => {
  it('votes once with the chosen option and then shows the results', async () => {
    const net = mockFetch({
      [`POST /posts/${POST}/vote`]: { body: { ok: true } },
      [`GET /posts/${POST}/vote-details`]: {
        body: {
          question: open.question,
          totalVotes: 1,
          closed: false,
          myVote: 'b',
          options: [
            { id: 'a', text: 'Up', votes: 0, percent: 0 },
            { id: 'b', text: 'Down', votes: 1, percent: 100 },
          ],
        },
      },
    });
    const view = renderWithStore(<PollView postId={POST} poll={open} />);
    await userEvent.click(screen.getByRole('button', { name: 'Vote for Down' }));
    await waitFor(() => expect(net.callsTo('POST', `/posts/${POST}/vote`)).toHaveLength(1));
    expect(net.callsTo('POST', `/posts/${POST}/vote`)[0]?.body).toEqual({ option_id: 'b' });
    // The post reloads with the vote: shown here by passing the new poll.
    view.rerender(<PollView postId={POST} poll={{ ...open, myVote: 'b' }} />);
    expect(await screen.findByRole('group', { name: 'Down: 100%, your vote' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Vote for/ })).not.toBeInTheDocument();
  });
});
