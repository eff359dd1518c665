import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { CardGrid, CardItem, CommunityCard } from './community-card';
import { useCommunityCategoriesQuery, useCommunityDirectoryQuery, useSpotlightCommunitiesQuery } from './directory-api';
import type { DiscoverView } from './directory-url';
import { MembershipButton } from './membership-button';

export const DISCOVER_PAGE_SIZE = 12;
const DEBOUNCE_MS = 300;

/** Category chips: one at a time; choosing the chosen one again shows every category. */
function CategoryChips(props: { value: string; onChange: (category: string) => void }) {
  const categories = useCommunityCategoriesQuery();
  if (!categories.data?.length) return null;
  return (
    <Box role="group" aria-label="Categories" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Chip
        label="All"
        color={props.value === '' ? 'primary' : 'default'}
        variant={props.value === '' ? 'filled' : 'outlined'}
        aria-pressed={props.value === ''}
        onClick={() => props.onChange('')}
      />
      {categories.data.map((c) => {
        const on = props.value === c.id;
        return (
          <Chip
            key={c.id}
            label={`${c.name} (${c.communities})`}
            aria-label={`${c.name}, ${c.communities} ${c.communities === 1 ? 'community' : 'communities'}`}
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            aria-pressed={on}
            onClick={() => props.onChange(on ? '' : c.id)}
          />
        );
      })}
    </Box>
  );
}

/** Up to 6 public communities growing fastest: shown above the results when nothing is searched. */
function Spotlight() {
  const spotlight = useSpotlightCommunitiesQuery();
  if (!spotlight.data?.length) return null;
  return (
    <Box component="section" aria-label="Spotlight" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography component="h2" variant="h6">
        Spotlight
      </Typography>
      <CardGrid label="Spotlight communities">
        {spotlight.data.map((c) => (
          <CardItem key={c.id}>
            <CommunityCard community={c} action={<MembershipButton community={c} />} />
          </CardItem>
        ))}
      </CardGrid>
    </Box>
  );
}

/** Discover: search by name, handle or description, filter by category, join from the results. */
export function DiscoverTab(props: { view: DiscoverView; onChange: (view: DiscoverView) => void }) {
  const { view, onChange } = props;
  const [input, setInput] = useState(view.search);
  // The address changes (back, a link): the box follows it.
  useEffect(() => setInput((i) => (i.trim() === view.search.trim() ? i : view.search)), [view.search]);
  useEffect(() => {
    if (input.trim() === view.search.trim()) return;
    const t = setTimeout(() => onChange({ ...view, search: input, page: 1 }), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [input, view, onChange]);

  const results = useCommunityDirectoryQuery({
    search: view.search,
    category: view.category,
    page: view.page,
    limit: DISCOVER_PAGE_SIZE,
  });
  const filtered = view.search.trim() !== '' || view.category !== '';
  const pages = results.data ? Math.max(1, Math.ceil(results.data.total / DISCOVER_PAGE_SIZE)) : 1;

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Box component="form" role="search" onSubmit={(e) => e.preventDefault()} sx={{ maxWidth: 480 }}>
        <TextField
          fullWidth
          size="small"
          type="search"
          label="Search communities"
          placeholder="Name, @handle or topic"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          slotProps={{
            htmlInput: { maxLength: 60 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {/* a search still being typed goes with the category (else the chip's change would drop it until the pause) */}
      <CategoryChips
        value={view.category}
        onChange={(category) => onChange({ ...view, search: input.trim(), category, page: 1 })}
      />
      {!filtered && view.page === 1 && <Spotlight />}
      <Box component="section" aria-label="Results" sx={{ display: 'grid', gap: 1.5 }}>
        <Typography component="h2" variant="h6">
          {filtered ? 'Results' : 'All communities'}
        </Typography>
        {results.isLoading ? (
          <LoadingState label="Loading communities" />
        ) : results.error || !results.data ? (
          <ErrorState
            title="The communities could not be loaded."
            message={isApiError(results.error) ? results.error.message : undefined}
            onRetry={() => void results.refetch()}
          />
        ) : results.data.items.length === 0 ? (
          <EmptyState
            title={filtered ? 'No community matches.' : 'There are no communities yet.'}
            description={
              filtered ? 'Try other words or another category.' : 'Be the first: create one for your trading group.'
            }
          />
        ) : (
          <>
            <CardGrid label="Communities found">
              {results.data.items.map((c) => (
                <CardItem key={c.id}>
                  <CommunityCard community={c} action={<MembershipButton community={c} />} />
                </CardItem>
              ))}
            </CardGrid>
            {pages > 1 && (
              <Pagination
                count={pages}
                page={view.page}
                onChange={(_e, page) => onChange({ ...view, page })}
                sx={{ justifySelf: 'center' }}
                getItemAriaLabel={(type, page) =>
                  type === 'page' ? `Page ${page}` : type === 'next' ? 'Next page' : 'Previous page'
                }
              />
            )}
          </>
        )}
      </Box>
    </Box>
  );
}
