import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AiDeepResearch, AiSource, AiStep } from '@tradedesk/contracts';
import { Link as RouterLink } from 'react-router';
import { ResearchProgress } from '../agents/research-progress';
import { sourceAnchor } from './answer-text';

const statusIcon = (status: string) =>
  status === 'done' ? (
    <CheckCircleOutline fontSize="inherit" color="success" aria-label="done" />
  ) : status === 'failed' ? (
    <ErrorOutline fontSize="inherit" color="error" aria-label="failed" />
  ) : (
    <HourglassEmpty fontSize="inherit" aria-label={status} />
  );

/** The thought panel: the turn's steps and tool calls as they happen, then as they ended. */
export function ThoughtPanel(props: { steps: AiStep[]; research: AiDeepResearch | null }) {
  return (
    <Box component="section" aria-label="Thought panel" sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="subtitle2" component="h3">
        Steps
      </Typography>
      {props.steps.length === 0 && !props.research && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          The steps of an answer show here while it is written.
        </Typography>
      )}
      <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
        {props.steps.map((s) => (
          <li key={s.id}>
            <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
              {statusIcon(s.status)}
              <Typography variant="body2">{s.title}</Typography>
            </Box>
            {s.tool && (
              <Typography
                variant="caption"
                component="p"
                sx={{ m: 0, color: 'text.secondary', wordBreak: 'break-all' }}
              >
                {s.tool}({s.args ? JSON.stringify(s.args) : ''})
              </Typography>
            )}
            {s.result && (
              <Typography variant="caption" component="p" sx={{ m: 0 }}>
                {s.result}
              </Typography>
            )}
          </li>
        ))}
      </Box>
      {props.research && <ResearchProgress research={props.research} withReport={false} />}
    </Box>
  );
}

/** The link panel: the sources an answer used, numbered as its [n] citations. */
export function LinkPanel(props: { sources: AiSource[]; responseId: string }) {
  return (
    <Box component="section" aria-label="Link panel" sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="subtitle2" component="h3">
        Sources
      </Typography>
      {props.sources.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          The data and passages an answer uses are listed here.
        </Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
        {props.sources.map((s) => (
          <Box
            component="li"
            key={s.n}
            id={sourceAnchor(props.responseId, s.n)}
            tabIndex={-1}
            sx={{ '&:focus': { outline: 1, outlineColor: 'primary.main' } }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              [{s.n}]{' '}
              {s.url?.startsWith('/') ? (
                <Link component={RouterLink} to={s.url}>
                  {s.title}
                </Link>
              ) : s.url ? (
                <Link href={s.url} target="_blank" rel="noopener noreferrer">
                  {s.title}
                </Link>
              ) : (
                s.title
              )}
            </Typography>
            <Typography variant="caption" component="p" sx={{ m: 0, color: 'text.secondary' }}>
              {s.kind}: {s.excerpt}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
