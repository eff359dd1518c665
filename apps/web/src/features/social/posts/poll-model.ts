import type { Poll, VoteDetails } from '@tradedesk/contracts';

export type PollRow = { id: string; text: string; votes: number | null; percent: number | null; mine: boolean };

/**
 * What a poll shows: the options to vote for while it is open and the caller has not voted; the results
 * (counts and whole percentages) once they voted, once it closed, or whenever the server sent counts (the author).
 * The details of GET /posts/{id}/vote-details, when loaded, win over the post's copy.
 */
export function pollView(poll: Poll, details?: VoteDetails | null) {
  const canVote = !poll.closed && poll.myVote === null;
  const hasCounts = poll.options.every((o) => o.votes !== null);
  const showResults = !canVote || hasCounts || details != null;
  const myVote = details?.myVote ?? poll.myVote;
  const total =
    details?.totalVotes ?? poll.totalVotes ?? (hasCounts ? sum(poll.options.map((o) => o.votes ?? 0)) : null);
  const rows: PollRow[] = poll.options.map((o) => {
    const detail = details?.options.find((d) => d.id === o.id);
    const votes = detail?.votes ?? o.votes;
    const percent =
      detail?.percent !== undefined
        ? Math.round(detail.percent)
        : votes !== null && total
          ? Math.round((votes / total) * 100)
          : votes !== null
            ? 0
            : null;
    return { id: o.id, text: o.text, votes, percent, mine: o.id === myVote };
  });
  return { canVote, showResults, total, rows, closed: details?.closed ?? poll.closed };
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** "Closes in 5 h", "Closes in 2 d", "Closed". */
export function pollClosesText(poll: Pick<Poll, 'closed' | 'closesAt'>, now: number = Date.now()): string {
  if (poll.closed) return 'Closed';
  const ms = new Date(poll.closesAt).getTime() - now;
  if (ms <= 0) return 'Closed';
  const hours = Math.ceil(ms / 3_600_000);
  if (hours < 1) return 'Closes in under an hour';
  if (hours < 48) return `Closes in ${hours} h`;
  return `Closes in ${Math.round(hours / 24)} d`;
}
