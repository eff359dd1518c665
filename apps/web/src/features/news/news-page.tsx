import DoneAll from '@mui/icons-material/DoneAll';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  NEWS_SENTIMENTS,
  NEWS_SORTS,
  type NewsItem,
  type NewsReadAllOption,
  type NewsSentiment,
} from '@tradedesk/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { toast } from '../../shared/toast/toast';
import { AccountFormatPreferences } from '../account/account-format-preferences';
import { NewsFolders } from './components/news-folders';
import { NewsList } from './components/news-list';
import { NewsReader } from './components/news-reader';
import { useSaveToggle } from './hooks/use-save-toggle';
import {
  type NewsListArgs,
  useNewsFoldersQuery,
  useNewsListInfiniteQuery,
  useNewsProvidersQuery,
  useNewsRecentQuery,
  useReadAllNewsMutation,
} from './news-api';
import {
  type NewsTab,
  type NewsView,
  newsParamsOf,
  newsPath,
  newsSortLabels,
  newsTabLabels,
  newsTabs,
  newsViewOf,
} from './news-url';

/** Mark all read (spec section 9: thresholds 1 and 7 days). */
export const readAllOptions: { option: NewsReadAllOption; label: string }[] = [
  { option: 'all', label: 'Mark all read' },
  { option: 'day', label: 'Mark read: older than 1 day' },
  { option: 'week', label: 'Mark read: older than 7 days' },
];

/** How long the search field waits after the last key before the list follows. */
const SEARCH_DEBOUNCE_MS = 300;

function errorMessage(error: unknown): string | undefined {
  return isApiError(error) ? error.message : undefined;
}

/** The infinite list of All or Read later with the screen's filters. */
function PagedNews(props: { args: NewsListArgs; label: string; selectedId: string; onOpen: (item: NewsItem) => void }) {
  const query = useNewsListInfiniteQuery(props.args);
  const toggleSave = useSaveToggle();
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const filtered = props.args.sentiments.length > 0 || props.args.search !== '' || props.args.sort.startsWith('this');
  const placeholder = query.isLoading ? (
    <LoadingState variant="rows" label="Loading news" />
  ) : query.isError ? (
    <ErrorState
      title="The news could not be loaded."
      message={errorMessage(query.error)}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  ) : props.args.list === 'favorites' ? (
    <EmptyState title="Nothing saved to read later." description="Save an item with its star (or S) to find it here." />
  ) : (
    <EmptyState
      title={filtered ? 'No news matches these filters.' : 'No news yet.'}
      description={filtered ? 'Change the sort, sentiments or search.' : 'Items appear here as providers publish them.'}
    />
  );
  return (
    <NewsList
      label={props.label}
      items={items}
      selectedId={props.selectedId}
      onOpen={props.onOpen}
      onToggleSave={toggleSave}
      hasMore={query.hasNextPage}
      loadingMore={query.isFetchingNextPage}
      onLoadMore={loadMore}
      placeholder={placeholder}
    />
  );
}

function RecentNews(props: { selectedId: string; onOpen: (item: NewsItem) => void }) {
  const query = useNewsRecentQuery();
  const toggleSave = useSaveToggle();
  return (
    <NewsList
      label="Recently watched"
      items={query.data ?? []}
      selectedId={props.selectedId}
      onOpen={props.onOpen}
      onToggleSave={toggleSave}
      placeholder={
        query.isLoading ? (
          <LoadingState variant="rows" label="Loading recently watched news" />
        ) : query.isError ? (
          <ErrorState
            title="Recently watched news could not be loaded."
            message={errorMessage(query.error)}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <EmptyState title="Nothing watched yet." description="Items you open appear here, the last one first." />
        )
      }
    />
  );
}

function ReadAllMenu(props: { segments: string[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [readAll, state] = useReadAllNewsMutation();
  const run = async (option: NewsReadAllOption) => {
    setAnchor(null);
    const result = await readAll(props.segments.length ? { option, segments: props.segments } : { option });
    if ('data' in result && result.data)
      toast.show({
        variant: 'success',
        title: `${result.data.marked} item${result.data.marked === 1 ? '' : 's'} marked read.`,
      });
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<DoneAll />}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        disabled={state.isLoading}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Mark all read
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {readAllOptions.map((o) => (
          <MenuItem key={o.option} onClick={() => void run(o.option)}>
            {o.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The provider of a news address's rest after `/market-intelligence/news/`: `folder-2/{provider}` (the router has decoded it), else none. */
function providerOfPath(rest: string | undefined): string | null {
  const match = /^folder-2\/([^/]+)\/?$/.exec(rest ?? '');
  return match ? match[1]! : null;
}

/** The news screen (spec section 4 "News"): `/market-intelligence/news` and a provider's page under `folder-2`. */
export function NewsScreen() {
  const provider = providerOfPath(useParams()['*']);
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => newsViewOf(params), [params]);
  const setView = useCallback(
    (patch: Partial<NewsView>, options?: { replace?: boolean }) =>
      setParams((p) => newsParamsOf({ ...newsViewOf(p), ...patch }), options),
    [setParams],
  );
  const providers = useNewsProvidersQuery();
  const folders = useNewsFoldersQuery();
  const providerName = provider ? (providers.data?.find((p) => p.id === provider)?.name ?? provider) : null;
  // A provider page wins over a folder; a folder shows its providers' news (the server reads a folder id in segments).
  const folder = provider ? '' : view.folder;
  const folderName = folder ? (folders.data?.find((f) => f.id === folder)?.name ?? null) : null;
  const unknownProvider = Boolean(provider && providers.isSuccess && !providers.data.some((p) => p.id === provider));
  const unknownFolder = Boolean(folder && folders.isSuccess && !folders.data.some((f) => f.id === folder));
  const segments = useMemo(() => (provider ? [provider] : folder ? [folder] : []), [provider, folder]);
  const unknown = unknownProvider || unknownFolder;
  const scopeName = unknown ? null : (providerName ?? folderName);

  const [search, setSearch] = useState(view.search);
  useEffect(() => setSearch(view.search), [view.search]);
  useEffect(() => {
    if (search === view.search) return;
    const timer = setTimeout(() => setView({ search }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, view.search, setView]);

  const args = useMemo(
    (): NewsListArgs => ({
      list: view.tab === 'read_later' ? 'favorites' : 'all',
      sort: view.sort,
      sentiments: view.sentiments,
      search: view.search,
      segments,
      symbols: [],
    }),
    [view.tab, view.sort, view.sentiments, view.search, segments],
  );
  const open = useCallback((item: NewsItem) => setView({ item: item.id }), [setView]);
  const close = useCallback(() => setView({ item: '' }), [setView]);

  return (
    <Box sx={{ display: 'flex', height: 'calc(100dvh - 56px)', minHeight: 400 }}>
      <Box
        sx={{ width: 240, flexShrink: 0, borderRight: 1, borderColor: 'divider', display: { xs: 'none', md: 'block' } }}
      >
        <NewsFolders provider={provider} folder={folder} />
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Box sx={{ px: { xs: 1.5, md: 2 }, pt: 2, display: 'grid', gap: 1 }}>
          <Typography variant="h5" component="h1">
            {scopeName ? `News · ${scopeName}` : 'News'}
          </Typography>
          {!unknown && (
            <Tabs
              value={view.tab}
              onChange={(_e, tab: NewsTab) => setView({ tab })}
              aria-label="News lists"
              sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
            >
              {newsTabs.map((t) => (
                <Tab key={t} value={t} label={newsTabLabels[t]} />
              ))}
            </Tabs>
          )}
          {view.tab !== 'recent' && !unknown && (
            <Box
              role="group"
              aria-label="News filters"
              sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
            >
              <TextField
                size="small"
                label="Search news"
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                slotProps={{
                  htmlInput: { maxLength: 100 },
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <Search fontSize="small" />
                      </InputAdornment>
                    ),
                  },
                }}
                sx={{ width: 220 }}
              />
              <TextField
                select
                size="small"
                label="Sort by"
                value={view.sort}
                onChange={(e) => setView({ sort: e.target.value as NewsView['sort'] })}
                sx={{ width: 150 }}
              >
                {NEWS_SORTS.map((s) => (
                  <MenuItem key={s} value={s}>
                    {newsSortLabels[s]}
                  </MenuItem>
                ))}
              </TextField>
              <ToggleButtonGroup
                size="small"
                aria-label="Sentiments"
                value={view.sentiments}
                onChange={(_e, sentiments: NewsSentiment[]) => setView({ sentiments })}
              >
                {NEWS_SENTIMENTS.map((s) => (
                  <ToggleButton key={s} value={s} sx={{ textTransform: 'none', px: 1.5 }}>
                    {s}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              <Box sx={{ flexGrow: 1 }} />
              <ReadAllMenu segments={segments} />
            </Box>
          )}
        </Box>
        <Box
          sx={{
            flexGrow: 1,
            minHeight: 0,
            display: 'flex',
            flexDirection: 'column',
            mt: 1,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          {unknown ? (
            <EmptyState
              title={
                unknownProvider
                  ? `The provider “${provider}” does not exist.`
                  : 'This folder does not exist (it may have been deleted).'
              }
              description={
                unknownProvider ? 'Its address may be mistyped, or the feed is no longer configured.' : undefined
              }
              action={
                <Button component={RouterLink} to={newsPath()} variant="outlined" size="small">
                  Back to all news
                </Button>
              }
            />
          ) : view.tab === 'recent' ? (
            <RecentNews selectedId={view.item} onOpen={open} />
          ) : (
            <PagedNews
              args={args}
              label={view.tab === 'read_later' ? 'Read later' : scopeName ? `${scopeName} news` : 'All news'}
              selectedId={view.item}
              onOpen={open}
            />
          )}
        </Box>
      </Box>
      <Drawer
        anchor="right"
        open={Boolean(view.item)}
        onClose={close}
        sx={{ zIndex: (t) => t.zIndex.drawer + 2 }}
        slotProps={{ paper: { 'aria-label': 'News item', sx: { width: { xs: '100%', md: 560 } } } }}
      >
        {view.item && <NewsReader key={view.item} id={view.item} onClose={close} />}
      </Drawer>
    </Box>
  );
}

export function Component() {
  return (
    <AccountFormatPreferences>
      <NewsScreen />
    </AccountFormatPreferences>
  );
}
