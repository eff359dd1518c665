import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AiDeepResearch, AiSource } from '@tradedesk/contracts';
import { Fragment, type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { useCancelAiResearchMutation } from './agents-api';

type PlanStatus = AiDeepResearch['plan'][number]['status'];

const STATUS_TEXT: Record<PlanStatus, string> = {
  pending: 'waiting',
  running: 'running',
  done: 'done',
  failed: 'failed',
  skipped: 'skipped',
};

const RESEARCH_TEXT: Record<AiDeepResearch['status'], string> = {
  running: 'Researching…',
  done: 'Research finished',
  cancelled: 'Research cancelled',
  failed: 'Research failed',
};

function StepIcon(props: { status: PlanStatus }) {
  switch (props.status) {
    case 'running':
      return <CircularProgress size={16} aria-hidden />;
    case 'done':
      return <CheckCircleOutline fontSize="small" color="success" aria-hidden />;
    case 'failed':
      return <ErrorOutline fontSize="small" color="error" aria-hidden />;
    case 'skipped':
      return <RemoveCircleOutline fontSize="small" color="disabled" aria-hidden />;
    default:
      return <RadioButtonUnchecked fontSize="small" color="disabled" aria-hidden />;
  }
}

/** An in-app path opens in the app; an http(s) address in a new tab; anything else is not a link. */
function SourceLink(props: { source: AiSource }) {
  const { url, title } = props.source;
  if (url?.startsWith('/')) {
    return (
      <Link component={RouterLink} to={url}>
        {title}
      </Link>
    );
  }
  if (url && /^https?:\/\//i.test(url)) {
    return (
      <Link href={url} target="_blank" rel="noopener noreferrer">
        {title}
      </Link>
    );
  }
  return <span>{title}</span>;
}

/** The report's text with each [n] citation a link to its source in the list below. */
export function withCitations(text: string, sources: readonly AiSource[], anchor: (n: number) => string): ReactNode[] {
  const known = new Set(sources.map((s) => s.n));
  // The parts of one text never move: their position is their identity.
  return text.split(/(\[\d+\])/g).map((part, index) => {
    const match = /^\[(\d+)\]$/.exec(part);
    const n = match ? Number(match[1]) : Number.NaN;
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    if (!match || !known.has(n)) return <Fragment key={index}>{part}</Fragment>;
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <Link key={index} href={`#${anchor(n)}`} aria-label={`Source ${n}`}>
        [{n}]
      </Link>
    );
  });
}

/**
 * Deep research as it runs (spec section 3 deepResearchData; issue 14 item 6): the plan's steps with their status,
 * Cancel while it runs, then the report with its sources. The AI screen mounts it when a `research` stream event
 * arrives and re-renders it with each newer event. Cancel calls POST /ai/research/{id}/cancel; the stream then
 * ends with the research `cancelled`.
 */
export function ResearchProgress(props: {
  research: AiDeepResearch;
  onCancelled?: () => void;
  /** False where the chat already shows the report as the answer (the AI screen's thought panel): plan only. */
  withReport?: boolean;
}) {
  const withReport = props.withReport ?? true;
  const { research } = props;
  const [cancel, cancelState] = useCancelAiResearchMutation();
  const headingId = useId();
  const anchor = (n: number) => `${research.id}-source-${n}`;
  const done = research.plan.filter((s) => s.status === 'done').length;
  const running = research.status === 'running';

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      aria-busy={running}
      sx={{ p: 2, display: 'grid', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          Deep research: {research.question}
        </Typography>
        {running && (
          <Button
            size="small"
            color="error"
            variant="outlined"
            disabled={cancelState.isLoading}
            onClick={async () => {
              try {
                await cancel(research.id).unwrap();
                props.onCancelled?.();
              } catch {
                // Shown below from the mutation's state.
              }
            }}
          >
            {cancelState.isLoading ? 'Cancelling…' : 'Cancel research'}
          </Button>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" role="status">
        {RESEARCH_TEXT[research.status]}: {done} of {research.plan.length} steps done.
      </Typography>
      {cancelState.isError && (
        <InlineAlert severity="error">
          {isApiError(cancelState.error) && cancelState.error.message
            ? cancelState.error.message
            : 'The research could not be cancelled. Try again.'}
        </InlineAlert>
      )}
      <Box
        component="ol"
        aria-label="Research plan"
        sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.75 }}
      >
        {research.plan.map((step, index) => (
          <Box
            component="li"
            key={step.id}
            aria-label={`Step ${index + 1}: ${step.title} (${STATUS_TEXT[step.status]})`}
            sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
          >
            <Box sx={{ width: 20, display: 'flex', justifyContent: 'center' }}>
              <StepIcon status={step.status} />
            </Box>
            <Typography
              variant="body2"
              sx={{ color: step.status === 'pending' || step.status === 'skipped' ? 'text.secondary' : 'text.primary' }}
            >
              {step.title}
            </Typography>
          </Box>
        ))}
      </Box>
      {withReport && research.report && (
        <Box aria-label="Research report" component="article">
          <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 600, mb: 0.5 }}>
            Report
          </Typography>
          <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap' }}>
            {withCitations(research.report, research.sources, anchor)}
          </Typography>
        </Box>
      )}
      {withReport && research.sources.length > 0 && (
        <Box>
          <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 600, mb: 0.5 }}>
            Sources
          </Typography>
          <Box component="ol" aria-label="Research sources" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
            {research.sources.map((source) => (
              <li key={source.n} id={anchor(source.n)} value={source.n}>
                <Typography variant="body2" component="span">
                  <SourceLink source={source} />
                </Typography>
                {source.excerpt && (
                  <Typography variant="caption" component="p" color="text.secondary">
                    {source.excerpt}
                  </Typography>
                )}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Paper>
  );
}
