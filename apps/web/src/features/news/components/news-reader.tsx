import Close from '@mui/icons-material/Close';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useFormatters } from '../../../shared/format/format-preferences';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { useSaveToggle } from '../hooks/use-save-toggle';
import { useNewsArticleQuery } from '../news-api';
import { ProviderLogo } from './provider-logo';
import { SentimentChip, SimulatedLabel, sentimentLabel } from './sentiment-chip';

/**
 * An opened item. Opening it asks GET /market/news/article/read/{id}, which marks it read and puts it first in
 * Recently watched. Real items link out to the original; the instruments it mentions open the chart.
 */
export function NewsReader(props: {
  id: string;
  /** The reader's own close button; left out where the host has its own (the chart drawer's back and close). */
  onClose?: () => void;
  sentimentFor?: boolean;
}) {
  const {
    data: item,
    error,
    isLoading,
    isFetching,
    refetch,
  } = useNewsArticleQuery(props.id, {
    refetchOnMountOrArgChange: true,
  });
  const toggleSave = useSaveToggle();
  const f = useFormatters();
  return (
    <Box component="article" aria-label={item ? item.title : 'News item'} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flexGrow: 1 }} />
        {item && (
          <Tooltip title={item.isSaved ? 'Remove from Read later' : 'Save to Read later'}>
            <IconButton
              aria-label={item.isSaved ? 'Remove from Read later' : 'Save to Read later'}
              aria-pressed={item.isSaved}
              onClick={() => toggleSave(item)}
            >
              {item.isSaved ? <Star sx={{ color: 'warning.main' }} /> : <StarBorder />}
            </IconButton>
          </Tooltip>
        )}
        {props.onClose && (
          <Tooltip title="Close">
            <IconButton aria-label="Close the item" onClick={props.onClose}>
              <Close />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      {isLoading && <LoadingState label="Opening the item" />}
      {!item && error && (
        <ErrorState
          title="The item could not be opened."
          message={'message' in error && typeof error.message === 'string' ? error.message : undefined}
          onRetry={refetch}
          retrying={isFetching}
        />
      )}
      {item && (
        <>
          <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
            {item.title}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <ProviderLogo item={item} />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {item.provider.name} · <time dateTime={item.publishedAt}>{f.dateTime(item.publishedAt)}</time> (
              {f.preferences.timeZone})
            </Typography>
            <SentimentChip sentiment={item.sentiment} label={props.sentimentFor ? sentimentLabel(item) : undefined} />
            {item.simulated && <SimulatedLabel />}
          </Box>
          <Typography sx={{ whiteSpace: 'pre-line' }}>{item.description}</Typography>
          {item.symbols.length > 0 && (
            <Box
              component="section"
              aria-label="Instruments mentioned"
              sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}
            >
              {item.symbols.map((symbol) => (
                <Chip
                  key={symbol}
                  component={RouterLink}
                  to={`/chart?symbol=${encodeURIComponent(symbol)}`}
                  clickable
                  size="small"
                  label={symbol}
                  aria-label={`Open the chart of ${symbol}`}
                />
              ))}
            </Box>
          )}
          {item.link && !item.simulated && (
            <Box>
              <Button
                href={item.link}
                target="_blank"
                rel="noopener noreferrer"
                endIcon={<OpenInNew />}
                variant="outlined"
                size="small"
              >
                Read the original at {item.source}
              </Button>
            </Box>
          )}
          {item.simulated && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              Simulated news, written from the simulated economic calendar and market; not a real news source.
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
