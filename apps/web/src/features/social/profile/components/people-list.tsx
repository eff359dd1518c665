import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import type { ReactNode } from 'react';
import { type ApiError, isApiError } from '../../../../shared/api/api-error';
import { EmptyState } from '../../../../shared/states/empty-state';
import { ErrorState } from '../../../../shared/states/error-state';
import { LoadingState } from '../../../../shared/states/loading-state';

type Paged<T> = { items: T[]; page: number; limit: number; total: number };

/**
 * A numbered page of a social list (followers, following, requests) with its loading, error and empty states;
 * `renderItem` draws each row.
 */
export function PagedList<T>(props: {
  label: string;
  data: Paged<T> | undefined;
  isLoading: boolean;
  isFetching?: boolean;
  error: unknown;
  errorTitle: string;
  emptyTitle: string;
  emptyDescription?: string;
  onRetry: () => void;
  onPage: (page: number) => void;
  renderItem: (item: T) => ReactNode;
}) {
  if (props.isLoading) return <LoadingState label={`Loading ${props.label.toLowerCase()}`} variant="rows" rows={4} />;
  if (props.error || !props.data) {
    const message = isApiError(props.error) ? (props.error as ApiError).message : undefined;
    return (
      <ErrorState title={props.errorTitle} message={message} onRetry={props.onRetry} retrying={props.isFetching} />
    );
  }
  const { items, page, limit, total } = props.data;
  if (items.length === 0 && page === 1)
    return <EmptyState title={props.emptyTitle} description={props.emptyDescription} />;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <Box>
      <Box component="ul" aria-label={props.label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item) => props.renderItem(item))}
      </Box>
      {pages > 1 && (
        <Pagination
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          count={pages}
          page={page}
          onChange={(_e, next) => props.onPage(next)}
          getItemAriaLabel={(type, n) => (type === 'page' ? `Page ${n}` : `${type} page`)}
        />
      )}
    </Box>
  );
}
