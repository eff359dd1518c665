import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { AiEmbeddingStatus } from '@tradedesk/contracts';
import { useRef, useState } from 'react';
import { messageOf } from '../../../shared/api/message-of';
import { ErrorState } from '../../../shared/states/error-state';
import { InlineAlert } from '../../../shared/states/inline-alert';
import { LoadingState } from '../../../shared/states/loading-state';
import { useAiEmbeddingStatusQuery, useReembedAiMediaMutation } from './ai-settings-api';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the index holds, in a sentence. */
export function indexSummary(status: AiEmbeddingStatus): string {
  if (status.model === null)
    return 'The model in use offers no embeddings, so your documents are searched by their words.';
  if (status.files === 0) return `You have no documents to index yet; they will be indexed for ${status.model}.`;
  return `${status.current} of ${plural(status.files, 'document')} ${status.files === 1 ? 'is' : 'are'} indexed for ${status.model}.`;
}

type Run = { reembedded: number; failed: number; stopped: boolean };

/**
 * The document search index (issue 14): after a change of model the documents' passages carry the old model's
 * vectors; the server's job re-indexes them in the background, and "Index now" does it at once, 50 documents a
 * call, with its progress shown, until none wait or the person stops it.
 */
export function KnowledgeIndex() {
  const status = useAiEmbeddingStatusQuery();
  const [reembed] = useReembedAiMediaMutation();
  const [running, setRunning] = useState<AiEmbeddingStatus | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stop = useRef(false);

  const indexNow = async () => {
    stop.current = false;
    setError(null);
    setRun(null);
    let total: Run = { reembedded: 0, failed: 0, stopped: false };
    let current = status.data ?? null;
    setRunning(current);
    try {
      while (!stop.current) {
        const result = await reembed().unwrap();
        total = { ...total, reembedded: total.reembedded + result.reembedded, failed: total.failed + result.failed };
        current = result;
        setRunning(result);
        // done when none wait, or when a call moved nothing (the rest failed and will be tried again by the job)
        if (result.stale === 0 || result.reembedded === 0) break;
      }
      setRun({ ...total, stopped: stop.current });
    } catch (e) {
      setError(`Indexing stopped: ${messageOf(e, 'the server did not answer')}.`);
      if (total.reembedded > 0 || total.failed > 0) setRun(total);
    } finally {
      setRunning(null);
      void status.refetch();
    }
    return current;
  };

  if (status.isLoading) return <LoadingState label="Loading the document index" />;
  if (status.isError || !status.data)
    return (
      <ErrorState
        title="The document index could not be read."
        message={messageOf(status.error, '')}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  const shown = running ?? status.data;
  const percent = shown.files === 0 ? 100 : Math.round((shown.current / shown.files) * 100);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2">{indexSummary(shown)}</Typography>
      {shown.model !== null && shown.files > 0 && (
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label="Documents indexed for the model in use"
          aria-valuetext={`${shown.current} of ${shown.files}`}
        />
      )}
      {running === null && shown.model !== null && shown.stale > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {plural(shown.stale, 'document waits', 'documents wait')} to be indexed again: the server does it in the
          background, or index them now.
        </Typography>
      )}
      {run && (
        <Typography variant="body2" role="status">
          {run.stopped ? 'Stopped: ' : ''}
          {plural(run.reembedded, 'document')} indexed
          {run.failed > 0 ? `, ${run.failed} could not be (the server will try again)` : ''}.
        </Typography>
      )}
      {error && <InlineAlert severity="error">{error}</InlineAlert>}
      <Box sx={{ display: 'flex', gap: 1 }}>
        {running ? (
          <Button
            size="small"
            onClick={() => {
              stop.current = true;
            }}
          >
            Stop after this batch
          </Button>
        ) : (
          shown.model !== null &&
          shown.stale > 0 && (
            <Button size="small" variant="outlined" onClick={() => void indexNow()}>
              Index now
            </Button>
          )
        )}
      </Box>
    </Box>
  );
}
