import Box from '@mui/material/Box';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * HTML of the user guide (sanitised by the server, docs.guide.ts). Links inside the app (`/help/docs/...`)
 * navigate without reloading the page; others open as the server marked them.
 */
export function GuideHtml(props: { html: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//') || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <Box
      // a click on a link inside; the links themselves are the keyboard targets
      onClick={onClick}
      sx={{
        lineHeight: 1.6,
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1, border: 1, borderColor: 'divider' },
        '& a': { color: 'primary.main' },
        '& table': { borderCollapse: 'collapse', my: 2 },
        '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5, textAlign: 'left' },
        '& code': { fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
        '& h2, & h3': { scrollMarginTop: 80 },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes the guide's HTML (docs.guide.ts)
      dangerouslySetInnerHTML={{ __html: props.html }}
    />
  );
}
