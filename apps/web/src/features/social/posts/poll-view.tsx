import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Poll } from '@tradedesk/contracts';
import { pollClosesText, pollView } from './poll-model';
import { useVoteDetailsQuery, useVotePollMutation } from './posts-api';

/** A post's poll: one button per option until the caller votes, then the results (GET /posts/{id}/vote-details). */
export function PollView(props: { postId: string; poll: Poll }) {
  const { poll, postId } = props;
  const [vote, voting] = useVotePollMutation();
  const mayLoadDetails = poll.myVote !== null || poll.closed;
  const details = useVoteDetailsQuery(postId, { skip: !mayLoadDetails });
  const view = pollView(poll, details.data);
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0 }}
      aria-label={`Poll: ${poll.question}`}
    >
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {poll.question}
      </Typography>
      <Stack spacing={1}>
        {view.rows.map((row) =>
          view.canVote ? (
            <Button
              key={row.id}
              variant="outlined"
              disabled={voting.isLoading}
              onClick={() => void vote({ id: postId, optionId: row.id })}
              aria-label={`Vote for ${row.text}`}
              sx={{ justifyContent: 'flex-start', textTransform: 'none' }}
            >
              {row.text}
            </Button>
          ) : (
            <Box
              key={row.id}
              aria-label={`${row.text}: ${row.percent ?? 0}%${row.mine ? ', your vote' : ''}`}
              role="group"
            >
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                <Typography variant="body2" sx={{ fontWeight: row.mine ? 600 : 400 }}>
                  {row.text} {row.mine && <CheckCircleOutlined fontSize="inherit" aria-label="Your vote" />}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {row.percent === null ? '–' : `${row.percent}%`}
                </Typography>
              </Stack>
              <LinearProgress variant="determinate" value={row.percent ?? 0} aria-hidden />
            </Box>
          ),
        )}
      </Stack>
      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 1 }}>
        {view.total !== null ? `${view.total} ${view.total === 1 ? 'vote' : 'votes'} · ` : ''}
        {pollClosesText({ closed: view.closed, closesAt: poll.closesAt })}
      </Typography>
    </Box>
  );
}
