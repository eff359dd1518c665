import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { NewsItem } from '@tradedesk/contracts';
import { useFormatters } from '../../../shared/format/format-preferences';
import { ProviderLogo } from './provider-logo';
import { SentimentChip, SimulatedLabel, sentimentLabel } from './sentiment-chip';

export const NEWS_ROW_HEIGHT = 104;

/** One item of a news list: presentational; the open button and the star are the row's two controls. */
export function NewsRow(props: {
  item: NewsItem;
  index: number;
  selected: boolean;
  /** Say whose sentiment it is when the item carries its currency ("Negative for USD"). */
  sentimentFor?: boolean;
  onOpen: (item: NewsItem) => void;
  onToggleSave: (item: NewsItem) => void;
}) {
  const { item } = props;
  const f = useFormatters();
  const when = f.dateTime(item.publishedAt);
  const sentiment = props.sentimentFor ? sentimentLabel(item) : item.sentiment;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'stretch',
        height: NEWS_ROW_HEIGHT,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: props.selected ? 'action.selected' : undefined,
      }}
    >
      <ButtonBase
        data-news-index={props.index}
        onClick={() => props.onOpen(item)}
        aria-label={`${item.unread ? 'Unread: ' : ''}${item.title}, ${item.source}, ${when}, ${sentiment}`}
        aria-current={props.selected ? 'true' : undefined}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          display: 'flex',
          alignItems: 'flex-start',
          justifyContent: 'flex-start',
          textAlign: 'left',
          gap: 1,
          px: 1.5,
          py: 1,
          '&:hover': { bgcolor: 'action.hover' },
          '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <Box
          aria-hidden
          data-testid={item.unread ? 'unread-dot' : undefined}
          sx={{
            width: 8,
            height: 8,
            mt: 0.75,
            flexShrink: 0,
            borderRadius: '50%',
            bgcolor: item.unread ? 'primary.main' : 'transparent',
          }}
        />
        <Box sx={{ minWidth: 0, flexGrow: 1, display: 'grid', gap: 0.25 }}>
          <Typography
            component="span"
            sx={{ fontWeight: item.unread ? 700 : 500, fontSize: 14, lineHeight: 1.3 }}
            noWrap
          >
            {item.title}
          </Typography>
          <Typography
            component="span"
            variant="body2"
            sx={{
              color: 'text.secondary',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              fontSize: 12.5,
            }}
          >
            {item.description}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mt: 0.25, minWidth: 0 }}>
            <ProviderLogo item={item} size={16} />
            <Typography component="span" variant="caption" noWrap sx={{ color: 'text.secondary' }}>
              {item.provider.name} · <time dateTime={item.publishedAt}>{when}</time>
            </Typography>
            <SentimentChip sentiment={item.sentiment} label={sentiment} />
            {item.simulated && <SimulatedLabel />}
          </Box>
        </Box>
      </ButtonBase>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', pt: 0.5, pr: 0.5 }}>
        <Tooltip title={item.isSaved ? 'Remove from Read later (S)' : 'Save to Read later (S)'}>
          <IconButton
            size="small"
            aria-label={item.isSaved ? `Remove from Read later: ${item.title}` : `Save to Read later: ${item.title}`}
            aria-pressed={item.isSaved}
            onClick={() => props.onToggleSave(item)}
          >
            {item.isSaved ? <Star fontSize="small" sx={{ color: 'warning.main' }} /> : <StarBorder fontSize="small" />}
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
