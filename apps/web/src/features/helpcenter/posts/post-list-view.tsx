import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { HelpPost, HelpPostKind } from '@tradedesk/contracts';
import { type ReactNode, useState } from 'react';
import { Pager } from '../../../shared/data-table/pager';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { PostList, PostRow, SearchBox, statusLabel } from './post-parts';
import { useHelpPostsQuery } from './posts-api';

export const HELP_LIST_LIMIT = 10;

/** A select of a list's filter or sort. */
export function ListSelect(props: {
  label: string;
  value: string;
  options: readonly string[];
  labels?: Record<string, string>;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      sx={{ minWidth: 160 }}
    >
      {props.options.map((o) => (
        <MenuItem key={o} value={o}>
          {props.labels?.[o] ?? statusLabel(o)}
        </MenuItem>
      ))}
    </TextField>
  );
}

export type ListChoice = { options: readonly string[]; labels?: Record<string, string>; initial: string };

/**
 * A tab's list of posts: the status filter, sort and search it offers, paging, the loading, error and empty
 * states, and each post linking to `/help/{tab}/{id}`.
 */
export function PostListView(props: {
  kind: HelpPostKind;
  tab: string;
  /** The list's name: "Bug reports". */
  label: string;
  statuses?: ListChoice;
  sorts?: ListChoice;
  searchLabel?: string;
  /** The tab's own button ("Report a bug"). */
  action?: ReactNode;
  empty: { title: string; filtered?: string; description?: string };
  aside?: (post: HelpPost) => ReactNode;
  meta?: (post: HelpPost) => ReactNode;
}) {
  const [status, setStatus] = useState(props.statuses?.initial);
  const [sort, setSort] = useState(props.sorts?.initial);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, isFetching, refetch } = useHelpPostsQuery({
    kind: props.kind,
    ...(status ? { status } : {}),
    ...(sort ? { sort } : {}),
    search,
    page,
    limit: HELP_LIST_LIMIT,
  });
  const filtered = Boolean(search) || status !== props.statuses?.initial;
  const what = props.label.toLowerCase();
  return (
    <Box component="section" aria-label={props.label} sx={{ display: 'grid', gap: 2 }}>
      {(props.statuses || props.sorts || props.searchLabel || props.action) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {props.statuses && status && (
            <ListSelect
              label="Status"
              value={status}
              options={props.statuses.options}
              labels={props.statuses.labels}
              onChange={(v) => {
                setStatus(v);
                setPage(1);
              }}
            />
          )}
          {props.sorts && sort && (
            <ListSelect
              label="Sort"
              value={sort}
              options={props.sorts.options}
              labels={props.sorts.labels}
              onChange={setSort}
            />
          )}
          {props.searchLabel && (
            <SearchBox
              label={props.searchLabel}
              value={search}
              onSearch={(q) => {
                setSearch(q);
                setPage(1);
              }}
            />
          )}
          <Box sx={{ flexGrow: 1 }} />
          {props.action}
        </Stack>
      )}
      {isLoading ? (
        <LoadingState label={`Loading the ${what}…`} />
      ) : isError || !data ? (
        <ErrorState title={`The ${what} could not be loaded.`} onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <EmptyState
          title={filtered ? (props.empty.filtered ?? props.empty.title) : props.empty.title}
          description={props.empty.description}
        />
      ) : (
        <PostList label={props.label}>
          {data.items.map((p) => (
            <PostRow
              key={p.id}
              post={p}
              to={`/help/${props.tab}/${p.id}`}
              aside={props.aside?.(p)}
              meta={props.meta?.(p)}
            />
          ))}
        </PostList>
      )}
      {data && <Pager page={page} limit={data.limit} total={data.total} busy={isFetching} onPage={setPage} />}
    </Box>
  );
}
