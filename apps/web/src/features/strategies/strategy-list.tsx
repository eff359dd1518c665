import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { STRATEGY_LIST_DEFAULTS } from '@tradedesk/contracts';
import { EmptyState } from '../../shared/states/empty-state';
import { ErrorState } from '../../shared/states/error-state';
import { LoadingState } from '../../shared/states/loading-state';
import { useStrategiesQuery } from './strategies-api';
import { listOf, useLoggedFailure } from './use-logged-failure';

/** The user's strategies, a page of 10 at a time (spec section 9), newest first. */
export function StrategyList(props: {
  page: number;
  selectedId: string | null;
  onPage(page: number): void;
  onOpen(id: string): void;
  onCreate(): void;
}) {
  const limit = STRATEGY_LIST_DEFAULTS.limit;
  const query = useStrategiesQuery({ page: props.page, limit });
  useLoggedFailure(query.error, 'Your strategies');
  const items = listOf(query.data?.items, query.isError);
  const pages = query.data && !query.isError ? Math.max(1, Math.ceil(query.data.total / limit)) : 1;

  let body: React.ReactNode;
  if (query.isLoading) body = <LoadingState label="Loading your strategies" variant="rows" rows={4} />;
  else if (query.isError)
    body = (
      <ErrorState
        title="Your strategies could not be loaded."
        message={(query.error as { message?: string } | undefined)?.message || undefined}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (items.length === 0 && props.page > 1)
    body = (
      <EmptyState
        title="This page is empty."
        action={<Button onClick={() => props.onPage(1)}>Back to the first page</Button>}
      />
    );
  else if (items.length === 0)
    body = (
      <EmptyState
        title="No strategies yet."
        description="A strategy is your playbook: when you enter, how you manage a trade, and when you leave."
        action={
          <Button variant="outlined" onClick={props.onCreate}>
            Create your first strategy
          </Button>
        }
      />
    );
  else
    body = (
      <List dense aria-label="Your strategies" sx={{ opacity: query.isFetching ? 0.6 : 1 }}>
        {items.map((s) => (
          <ListItem key={s.id} disablePadding>
            <ListItemButton
              selected={s.id === props.selectedId}
              aria-current={s.id === props.selectedId ? 'page' : undefined}
              onClick={() => props.onOpen(s.id)}
              sx={{ borderRadius: 1 }}
            >
              <ListItemText
                primary={s.name}
                secondary={`${s.approaches} ${s.approaches === 1 ? 'approach' : 'approaches'}${s.tags.length ? ` · ${s.tags.join(', ')}` : ''}`}
                slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );

  return (
    <Paper variant="outlined" component="section" aria-labelledby="strategies-list-title" sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, px: 0.5 }}>
        <Typography id="strategies-list-title" variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          Your strategies
        </Typography>
        {query.data && !query.isError && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {query.data.total} in all
          </Typography>
        )}
      </Box>
      {body}
      {pages > 1 && (
        <Pagination
          size="small"
          count={pages}
          page={Math.min(props.page, pages)}
          onChange={(_e, p) => props.onPage(p)}
          sx={{ display: 'flex', justifyContent: 'center', mt: 1 }}
          getItemAriaLabel={(type, page) =>
            type === 'page' ? `Page ${page} of the strategies` : `${type === 'next' ? 'Next' : 'Previous'} page`
          }
        />
      )}
    </Paper>
  );
}
