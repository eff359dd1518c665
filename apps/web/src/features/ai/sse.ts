import type { AiStreamEvent } from '@tradedesk/contracts';
import { AI_TIMEOUTS } from '@tradedesk/contracts/ai-timeouts';
import { hostUrl } from '../../app/hosts';
import { snakeKeys } from '../../shared/api/case';

/** One Server-Sent Event as read from the stream: its `event:` name (default "message") and joined `data:` lines. */
export type SseMessage = { event: string; data: string };

/**
 * Reads Server-Sent Events from a byte stream (the text/event-stream format: fields per line, a blank line ends an
 * event, `:` lines are comments). Chunks may split lines and characters anywhere.
 */
export async function* readSse(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  // Stopping (a cancel, a time limit) ends the reading even when the stream itself never says anything again.
  const stop = () => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', stop, { once: true });
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  const flushLine = function* (line: string): Generator<SseMessage> {
    if (line === '') {
      if (data.length > 0) yield { event: event || 'message', data: data.join('\n') };
      event = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let nl = buffer.search(/\r\n|\r|\n/);
      while (nl >= 0) {
        const line = buffer.slice(0, nl);
        const width = buffer.startsWith('\r\n', nl) ? 2 : 1;
        buffer = buffer.slice(nl + width);
        yield* flushLine(line);
        nl = buffer.search(/\r\n|\r|\n/);
      }
      if (done) {
        if (buffer) yield* flushLine(buffer);
        yield* flushLine('');
        return;
      }
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    reader.releaseLock();
  }
}

/** A duration in words for the messages: "5 minutes", "30 seconds". */
export function inWords(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  return `${Math.round(ms / 1000)} seconds`;
}

/** A stream event's JSON, typed by its name; unreadable or unknown events are skipped. */
export function toStreamEvent(message: SseMessage): AiStreamEvent | null {
  let payload: unknown;
  try {
    payload = JSON.parse(message.data);
  } catch {
    return null;
  }
  if (payload === null || typeof payload !== 'object') return null;
  const p = payload as Record<string, unknown>;
  const type = typeof p.type === 'string' ? p.type : message.event;
  const known = ['start', 'step', 'delta', 'source', 'action', 'research', 'answer', 'error'];
  if (!known.includes(type)) return null;
  return { ...p, type } as AiStreamEvent;
}

export type StreamOptions = {
  signal?: AbortSignal;
  onEvent: (event: AiStreamEvent) => void;
  /** Called once on a 401: refreshes the session; true retries the call. */
  refresh?: () => Promise<boolean>;
  /** POST by default; PUT for a history edit. */
  method?: 'POST' | 'PUT';
  /** How long the whole answer may take (the spec's 5 minutes by default); past it the turn ends with AI_TIMEOUT. */
  timeoutMs?: number;
};

/** The error a turn ends with when it took longer than its time limit (what arrived before it is kept). */
export const timeoutError = (ms: number): Extract<AiStreamEvent, { type: 'error' }> => ({
  type: 'error',
  statusCode: 0,
  code: 'AI_TIMEOUT',
  message: `The answer took longer than ${inWords(ms)} and was stopped. What arrived so far is kept; Retry asks again.`,
});

/**
 * An abort signal that fires after `limitMs` or when `outer` does; `timedOut()` says which, `dispose()` stops both.
 */
function deadline(limitMs: number, outer: AbortSignal | undefined) {
  const stop = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    stop.abort();
  }, limitMs);
  const onCancel = () => stop.abort();
  if (outer?.aborted) stop.abort();
  outer?.addEventListener('abort', onCancel, { once: true });
  return {
    signal: stop.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onCancel);
    },
  };
}

/**
 * POSTs a turn to a stream route of the `ai` host (`Accept: text/event-stream`) and hands each event to `onEvent`.
 * A failure before the stream (a 4xx JSON answer, the network) becomes one `error` event, so the caller has one
 * ending to handle whatever happened. Resolves when the stream ends.
 */
export async function streamTurn(path: string, body: unknown, options: StreamOptions): Promise<void> {
  const limit = options.timeoutMs ?? AI_TIMEOUTS.turnMs;
  const limited = deadline(limit, options.signal);
  try {
    await readTurn(path, body, options, limited.signal);
  } finally {
    limited.dispose();
  }
  if (limited.timedOut() && !options.signal?.aborted) options.onEvent(timeoutError(limit));
}

async function readTurn(path: string, body: unknown, options: StreamOptions, signal: AbortSignal): Promise<void> {
  const send = () =>
    fetch(`${hostUrl('ai')}${path}`, {
      method: options.method ?? 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(snakeKeys(body ?? {})),
      signal,
    });
  let response: Response;
  try {
    response = await send();
    if (response.status === 401 && options.refresh && (await options.refresh())) response = await send();
  } catch (error) {
    if (signal.aborted || (error as { name?: string }).name === 'AbortError') return;
    options.onEvent({
      type: 'error',
      statusCode: 0,
      code: 'NETWORK_ERROR',
      message: 'The server could not be reached. Check your connection.',
    });
    return;
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes('text/event-stream') || !response.body) {
    let answer: { code?: string; message?: string } = {};
    try {
      answer = (await response.json()) as typeof answer;
    } catch {
      // not JSON: the status speaks
    }
    options.onEvent({
      type: 'error',
      statusCode: response.status,
      code: answer.code ?? `HTTP_${response.status}`,
      message: answer.message || 'The assistant could not answer. Try again.',
    });
    return;
  }
  try {
    for await (const message of readSse(response.body, signal)) {
      if (signal.aborted) return;
      const event = toStreamEvent(message);
      if (event) options.onEvent(event);
    }
  } catch (error) {
    if (signal.aborted || (error as { name?: string }).name === 'AbortError') return;
    options.onEvent({
      type: 'error',
      statusCode: 0,
      code: 'STREAM_BROKEN',
      message: 'The answer stopped arriving. Try again.',
    });
  }
}

/** Uploads a file as AI media (POST /ai/media, multipart): documents, images, or a scanned image (OCR). */
export async function uploadAiMedia(
  file: File,
  kind: 'document' | 'image' | 'scanned',
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<{ ok: true; media: import('@tradedesk/contracts').AiMediaFile } | { ok: false; message: string }> {
  const limit = options.timeoutMs ?? AI_TIMEOUTS.turnMs;
  const limited = deadline(limit, options.signal);
  const signal = limited.signal;
  const form = new FormData();
  form.append('lastModified', String(file.lastModified));
  if (kind === 'scanned') form.append('kind', 'scanned');
  form.append('file', file, file.name);
  try {
    const response = await fetch(`${hostUrl('ai')}/ai/media`, {
      method: 'POST',
      credentials: 'include',
      body: form,
      signal,
    });
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok)
      return { ok: false, message: typeof answer.message === 'string' ? answer.message : 'The upload failed.' };
    return { ok: true, media: answer as unknown as import('@tradedesk/contracts').AiMediaFile };
  } catch {
    if (limited.timedOut())
      return { ok: false, message: `The upload took longer than ${inWords(limit)} and was stopped. Try again.` };
    return { ok: false, message: 'The server could not be reached. Check your connection.' };
  } finally {
    limited.dispose();
  }
}
