import ShowChart from '@mui/icons-material/ShowChart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { splitArticleContent } from './articles-url';

/** An article's HTML (sanitized by the server) with its chart nodes as links to the live shared chart. */
export function ArticleContent(props: { html: string }) {
  return (
    <Box
      sx={{
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
        '& a': { color: 'primary.main' },
        '& blockquote': { borderLeft: 3, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
      }}
    >
      {splitArticleContent(props.html).map((part, i) =>
        part.kind === 'html' ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes article HTML (articles.sanitize.ts)
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <div key={i} dangerouslySetInnerHTML={{ __html: part.html }} />
        ) : (
          <Button
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
            key={i}
            component={RouterLink}
            to={`/shared/charts/${part.token}`}
            variant="outlined"
            startIcon={<ShowChart />}
            sx={{ my: 1 }}
          >
            Open the live chart
          </Button>
        ),
      )}
    </Box>
  );
}
