import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { citationParts } from '../prompt-text';

/** The id of a source's row in the link panel, which [n] citations point at. */
export const sourceAnchor = (responseId: string, n: number) => `ai-source-${responseId}-${n}`;

function inline(text: string, responseId: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  // keys are positions in the text, which is its identity here
  for (const [i, part] of citationParts(text).entries()) {
    if (typeof part === 'number') {
      out.push(
        <Link
          key={`${key}-c${i}`}
          href={`#${sourceAnchor(responseId, part)}`}
          aria-label={`Source ${part}`}
          onClick={(e) => {
            const target = document.getElementById(sourceAnchor(responseId, part));
            if (!target) return;
            e.preventDefault();
            target.scrollIntoView({ block: 'nearest' });
            target.focus();
          }}
          sx={{ fontSize: '0.8em', verticalAlign: 'super', mx: 0.25 }}
        >
          [{part}]
        </Link>,
      );
      continue;
    }
    // **bold** only: the rest of the text is shown as written
    for (const [j, piece] of part.split(/(\*\*[^*]+\*\*)/g).entries()) {
      if (!piece) continue;
      if (piece.startsWith('**') && piece.endsWith('**'))
        out.push(<strong key={`${key}-b${i}-${j}`}>{piece.slice(2, -2)}</strong>);
      else out.push(piece);
    }
  }
  return out;
}

/**
 * An answer's Markdown-ish text: paragraphs, `#` headings, `-` lists, `>` quotes, **bold**, and [n] citations linking to the link
 * panel. Never HTML: whatever the model writes is shown as text.
 */
export function AnswerText(props: { text: string; responseId: string }) {
  const blocks: ReactNode[] = [];
  let list: ReactNode[] = [];
  const flush = () => {
    if (list.length) blocks.push(<ul key={`ul${blocks.length}`}>{list}</ul>);
    list = [];
  };
  for (const [i, raw] of props.text.split('\n').entries()) {
    const line = raw.trimEnd();
    const item = /^\s*(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      list.push(<li key={i}>{inline(item[1] ?? '', props.responseId, `l${i}`)}</li>);
      continue;
    }
    flush();
    if (!line.trim()) continue;
    const quote = /^>\s?(.*)$/.exec(line);
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (quote)
      blocks.push(
        <Box
          key={i}
          component="blockquote"
          sx={{ m: 0, mt: 0.75, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' }}
        >
          {inline(quote[1] ?? '', props.responseId, `q${i}`)}
        </Box>,
      );
    else if (heading)
      blocks.push(
        <Box key={i} component="p" sx={{ fontWeight: 600, m: 0, mt: 1 }}>
          {inline(heading[1] ?? '', props.responseId, `h${i}`)}
        </Box>,
      );
    else
      blocks.push(
        <Box key={i} component="p" sx={{ m: 0, mt: 0.75 }}>
          {inline(line, props.responseId, `p${i}`)}
        </Box>,
      );
  }
  flush();
  return <Box sx={{ '& ul': { my: 0.5, pl: 2.5 }, wordBreak: 'break-word' }}>{blocks}</Box>;
}
