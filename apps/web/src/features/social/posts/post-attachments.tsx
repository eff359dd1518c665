import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { Post } from '@tradedesk/contracts';
import { Link as RouterLink } from 'react-router';
import { LiveChartCard } from './live-chart-card';
import { PollView } from './poll-view';
import { TradeIdeaCard } from './trade-idea-card';

type Attached = Pick<Post, 'id' | 'symbols' | 'media' | 'gif' | 'chart' | 'poll' | 'trade' | 'article'>;

/** Everything a post carries besides its text: $SYMBOL chips, images, a GIF, a chart, a poll, a trade, an article. */
export function PostAttachments(props: { post: Attached }) {
  const p = props.post;
  return (
    <Stack spacing={1.5} sx={{ mt: 1 }}>
      {p.symbols.length > 0 && (
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
          {p.symbols.map((s) => (
            <Chip
              key={`${s.source}:${s.ticker}`}
              size="small"
              clickable
              component={RouterLink}
              to={`/chart?symbol=${encodeURIComponent(s.ticker)}`}
              label={`$${s.ticker}`}
              aria-label={`Open ${s.ticker} on the chart`}
            />
          ))}
        </Stack>
      )}
      {p.media.length > 0 && (
        <Box sx={{ display: 'grid', gridTemplateColumns: p.media.length > 1 ? '1fr 1fr' : '1fr', gap: 0.5 }}>
          {p.media.map((m, i) => (
            <Box
              key={m.id}
              component="img"
              src={m.url}
              alt={`Image ${i + 1} of the post`}
              loading="lazy"
              width={m.width}
              height={m.height}
              sx={{ width: '100%', height: 'auto', maxHeight: 420, objectFit: 'cover', borderRadius: 1 }}
            />
          ))}
        </Box>
      )}
      {p.gif && (
        <Box
          component="img"
          src={p.gif.url}
          alt={p.gif.title || 'GIF'}
          loading="lazy"
          sx={{ maxWidth: '100%', maxHeight: 320, borderRadius: 1, alignSelf: 'flex-start' }}
        />
      )}
      {p.chart?.kind === 'snapshot' && (
        <Box
          component="img"
          src={p.chart.url}
          alt="Chart snapshot"
          loading="lazy"
          sx={{ width: '100%', height: 'auto', borderRadius: 1 }}
        />
      )}
      {p.chart?.kind === 'live' && p.chart.token && (
        <LiveChartCard token={p.chart.token} symbol={p.chart.symbol ?? ''} timeframe={p.chart.timeframe ?? ''} />
      )}
      {p.poll && <PollView postId={p.id} poll={p.poll} />}
      {p.trade && <TradeIdeaCard trade={p.trade} />}
      {p.article && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          {p.article.coverUrl && (
            <Box
              component="img"
              src={p.article.coverUrl}
              alt=""
              sx={{ width: '100%', maxHeight: 200, objectFit: 'cover' }}
            />
          )}
          <Link component={RouterLink} to={`/community/articles/${p.article.id}`} variant="subtitle1">
            {p.article.title}
          </Link>
        </Box>
      )}
    </Stack>
  );
}
