import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { HelpArticleSummary } from '@tradedesk/contracts';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { EmptyState } from '../../../shared/states/empty-state';
import { ErrorState } from '../../../shared/states/error-state';
import { LoadingState } from '../../../shared/states/loading-state';
import { useHelpArticleQuery, useHelpArticlesQuery, useHelpCategoriesQuery, useHelpFaqsQuery } from './docs-api';
import { GuideHtml } from './guide-html';

/** The server's sentence of a failed load. */
export const messageOf = (error: unknown): string => (isApiError(error) ? error.message : '');

/** The "FAQ" item of the docs tab: `/help/docs/faq`. */
export const FAQ_ITEM = 'faq';

function BackToGuide() {
  return (
    <Button component={RouterLink} to="/help/docs" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
      All articles
    </Button>
  );
}

/** Scrolls to the `#anchor` of the address once the content is there. */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [ready, hash]);
}

function ArticleCard({ article }: { article: HelpArticleSummary }) {
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea component={RouterLink} to={`/help/docs/${article.slug}`} sx={{ height: '100%' }}>
        <CardContent>
          <Typography variant="subtitle1" component="h3">
            {article.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {article.summary}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The guide's front page: its categories, each with its articles, and the FAQ. */
function GuideIndex() {
  const articles = useHelpArticlesQuery();
  const categories = useHelpCategoriesQuery();
  if (articles.isLoading || categories.isLoading) return <LoadingState label="Loading the user guide" variant="rows" />;
  if (articles.isError || categories.isError)
    return (
      <ErrorState
        title="The user guide could not be loaded."
        message={messageOf(articles.error ?? categories.error)}
        onRetry={() => {
          articles.refetch();
          categories.refetch();
        }}
      />
    );
  const list = articles.data?.articles ?? [];
  if (list.length === 0) return <EmptyState title="The user guide is empty." description="Try the search above." />;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {(categories.data?.categories ?? [])
        .filter((c) => c.articleCount > 0)
        .map((c) => (
          <Box component="section" key={c.id} aria-labelledby={`help-category-${c.id}`}>
            <Typography variant="h6" component="h2" id={`help-category-${c.id}`}>
              {c.title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {c.summary}
            </Typography>
            <Box
              component="ul"
              sx={{
                display: 'grid',
                gap: 1.5,
                p: 0,
                m: 0,
                gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
              }}
            >
              {list
                .filter((a) => a.category === c.id)
                .map((a) => (
                  <ArticleCard key={a.slug} article={a} />
                ))}
            </Box>
          </Box>
        ))}
      <Box component="section" aria-labelledby="help-faq-heading">
        <Typography variant="h6" component="h2" id="help-faq-heading">
          Questions
        </Typography>
        <Link component={RouterLink} to={`/help/docs/${FAQ_ITEM}`}>
          Frequently asked questions
        </Link>
      </Box>
    </Box>
  );
}

function FaqPage() {
  const faqs = useHelpFaqsQuery();
  useScrollToHash(faqs.isSuccess);
  if (faqs.isLoading) return <LoadingState label="Loading the questions" variant="rows" />;
  if (faqs.isError)
    return (
      <ErrorState title="The questions could not be loaded." message={messageOf(faqs.error)} onRetry={faqs.refetch} />
    );
  return (
    <Box component="article" aria-labelledby="help-faq-title">
      <BackToGuide />
      <Typography variant="h5" component="h2" id="help-faq-title" gutterBottom>
        Frequently asked questions
      </Typography>
      {(faqs.data?.faqs ?? []).map((f) => (
        <Box component="section" key={f.id} sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="h3" id={f.id} sx={{ fontWeight: 600, scrollMarginTop: 80 }}>
            {f.question}
          </Typography>
          <GuideHtml html={f.answerHtml} />
        </Box>
      ))}
    </Box>
  );
}

function ArticlePage({ slug }: { slug: string }) {
  const article = useHelpArticleQuery(slug);
  useScrollToHash(article.isSuccess);
  if (article.isLoading) return <LoadingState label="Loading the article" />;
  if (article.isError || !article.data)
    return (
      <Box>
        <BackToGuide />
        <ErrorState title="This article could not be loaded." message={messageOf(article.error)} />
      </Box>
    );
  const { title, summary, html, headings } = article.data;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: 'minmax(0, 1fr) 220px' }, alignItems: 'start' }}>
      <Box component="article" aria-labelledby="help-article-title" sx={{ minWidth: 0 }}>
        <BackToGuide />
        <Typography variant="h4" component="h2" id="help-article-title">
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {summary}
        </Typography>
        <GuideHtml html={html} />
      </Box>
      {headings.length > 0 && (
        <Box component="nav" aria-label="On this page" sx={{ position: { md: 'sticky' }, top: 16 }}>
          <Typography variant="overline" component="p">
            On this page
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {headings.map((h) => (
              <Box component="li" key={h.id} sx={{ pl: h.level === 3 ? 2 : 0, py: 0.25 }}>
                <Link component={RouterLink} to={{ hash: h.id }} variant="body2">
                  {h.text}
                </Link>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** The "Docs" tab: the guide's index, one article (`/help/docs/{slug}`) or the FAQ (`/help/docs/faq`). */
export function DocsTab({ itemId }: { itemId?: string }) {
  if (!itemId) return <GuideIndex />;
  if (itemId === FAQ_ITEM) return <FaqPage />;
  return <ArticlePage slug={itemId} />;
}
