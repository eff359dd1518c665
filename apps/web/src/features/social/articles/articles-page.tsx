import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ARTICLE_CATEGORIES, type ArticleSummary } from '@tradedesk/contracts';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { ApiError } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { useArticlesQuery } from './articles-api';
import { type ArticlesUrlState, readArticlesUrl, writeArticlesUrl } from './articles-url';

/** /community/articles: tab all (published) and tab drafts (mine), search and category, all in the URL. */
export function ArticlesPage() {
  const [params, setParams] = useSearchParams();
  const state = readArticlesUrl(params);
  const set = (patch: Partial<ArticlesUrlState>) => setParams(writeArticlesUrl({ ...state, page: 1, ...patch }));
  const list = useArticlesQuery({
    tab: state.tab,
    page: state.page,
    search: state.search || undefined,
    category: state.category || undefined,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.limit)) : 1;

  return (
    <Box sx={{ p: 2, maxWidth: 960, mx: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography component="h1" variant="h5" sx={{ flexGrow: 1 }}>
          Articles
        </Typography>
        <Button component={RouterLink} to="/community/articles/new" variant="contained" startIcon={<Add />}>
          Write an article
        </Button>
      </Stack>
      <Tabs value={state.tab} onChange={(_e, tab) => set({ tab })} aria-label="Articles tabs">
        <Tab value="all" label="All" />
        <Tab value="drafts" label="Drafts" />
      </Tabs>
      <Stack direction="row" spacing={1} sx={{ my: 2 }}>
        <TextField
          size="small"
          label="Search articles"
          defaultValue={state.search}
          onKeyDown={(e) => {
            if (e.key === 'Enter') set({ search: (e.target as HTMLInputElement).value.trim() });
          }}
          sx={{ flexGrow: 1 }}
        />
        <TextField
          select
          size="small"
          label="Category"
          value={state.category}
          onChange={(e) => set({ category: e.target.value as ArticlesUrlState['category'] })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All categories</MenuItem>
          {ARTICLE_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c[0]?.toUpperCase()}
              {c.slice(1)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {list.isLoading ? (
        <LoadingState label="Loading articles" variant="rows" />
      ) : list.isError ? (
        <ErrorState
          title="The articles could not be loaded."
          message={(list.error as ApiError | undefined)?.message}
          onRetry={() => void list.refetch()}
        />
      ) : list.data && list.data.items.length === 0 ? (
        <EmptyState
          title={state.tab === 'drafts' ? 'No drafts.' : 'No articles yet.'}
          description={state.tab === 'drafts' ? 'Drafts you start are kept here until you publish them.' : undefined}
        />
      ) : (
        <Stack spacing={1.5}>
          {list.data?.items.map((a) => (
            <ArticleCard key={a.id} article={a} />
          ))}
          {pages > 1 && (
            <Pagination
              count={pages}
              page={state.page}
              onChange={(_e, page) => set({ page })}
              aria-label="Article pages"
            />
          )}
        </Stack>
      )}
    </Box>
  );
}

function ArticleCard(props: { article: ArticleSummary }) {
  const a = props.article;
  const to = a.status === 'draft' ? `/community/articles/${a.id}/edit` : `/community/articles/${a.id}`;
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={to} sx={{ display: 'flex', alignItems: 'stretch' }}>
        {a.coverImage && <CardMedia component="img" image={a.coverImage.url} alt="" sx={{ width: 160 }} />}
        <CardContent sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2">
            {a.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {a.author.displayName} ·{' '}
            {a.status === 'draft' ? 'Draft' : new Date(a.publishedAt ?? a.createdAt).toLocaleDateString()} ·{' '}
            {a.counts.likes} likes · {a.counts.comments} comments
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {a.excerpt}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export { ArticlesPage as Component };
