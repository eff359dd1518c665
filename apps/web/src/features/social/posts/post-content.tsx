import Box from '@mui/material/Box';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * A post's or comment's HTML as the server sanitized it (scripts, event handlers and javascript: links removed
 * there), so setting it is safe. In-app links ($SYMBOL → the chart, @mention → the profile) go through the router.
 */
export function PostContent(props: { html: string }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLElement>) => {
    const link = (e.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//')) return;
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(href);
  };
  if (!props.html) return null;
  return (
    <Box
      onClick={onClick}
      sx={{ '& p': { my: 0.5 }, '& a': { color: 'primary.main' }, wordBreak: 'break-word' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server (modules/social/posts/sanitize.ts)
      dangerouslySetInnerHTML={{ __html: props.html }}
    />
  );
}
