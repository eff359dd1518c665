import ArrowBack from '@mui/icons-material/ArrowBack';
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { NewsItem } from '@tradedesk/contracts';
import { useCallback, useMemo, useState } from 'react';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { NewsList } from './components/news-list';
import { NewsReader } from './components/news-reader';
import { useSaveToggle } from './hooks/use-save-toggle';
import { type NewsListArgs, useNewsListInfiniteQuery } from './news-api';

/** The chart's News tab: items that mention the chart's instrument, newest first; opening one reads it here. */
export function ChartNewsPanel(props: { symbol: string; onClose?: () => void }) {
  const args = useMemo(
    (): NewsListArgs => ({
      list: 'all',
      sort: 'latest',
      sentiments: [],
      search: '',
      segments: [],
      symbols: [props.symbol],
    }),
    [props.symbol],
  );
  const query = useNewsListInfiniteQuery(args);
  const toggleSave = useSaveToggle();
  const [openId, setOpenId] = useState('');
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const closeButton = props.onClose && (
    <Tooltip title="Close (Esc)">
      <IconButton size="small" aria-label="Close the news" onClick={props.onClose}>
        <Close fontSize="small" />
      </IconButton>
    </Tooltip>
  );
  if (openId)
    return (
      <Box sx={{ overflowY: 'auto', height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
          <Button size="small" startIcon={<ArrowBack />} onClick={() => setOpenId('')} sx={{ m: 1 }}>
            {props.symbol} news
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          {closeButton}
        </Box>
        <NewsReader key={openId} id={openId} sentimentFor />
      </Box>
    );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', pl: 1.5, pr: 1, py: 0.5 }}>
        <Typography variant="subtitle2" component="h2" sx={{ flexGrow: 1 }}>
          News for {props.symbol}
        </Typography>
        {closeButton}
      </Box>
      <NewsList
        sentimentFor
        label={`News for ${props.symbol}`}
        items={items}
        selectedId={openId}
        onOpen={(item: NewsItem) => setOpenId(item.id)}
        onToggleSave={toggleSave}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onLoadMore={loadMore}
        placeholder={
          query.isLoading ? (
            <LoadingState variant="rows" label={`Loading news for ${props.symbol}`} />
          ) : query.isError ? (
            <ErrorState title="The news could not be loaded." onRetry={() => void query.refetch()} />
          ) : (
            <EmptyState title={`No news mentions ${props.symbol} yet.`} />
          )
        }
      />
    </Box>
  );
}

/** The drawer beside the chart that holds the panel (the chart bar's News button opens it). */
export default function ChartNewsDrawer(props: { symbol: string; open: boolean; onClose: () => void }) {
  return (
    <Drawer
      anchor="right"
      open={props.open}
      onClose={props.onClose}
      sx={{ zIndex: (t) => t.zIndex.drawer + 2 }}
      slotProps={{ paper: { 'aria-label': `News for ${props.symbol}`, sx: { width: { xs: '100%', sm: 420 } } } }}
    >
      {props.open && <ChartNewsPanel symbol={props.symbol} onClose={props.onClose} />}
    </Drawer>
  );
}
