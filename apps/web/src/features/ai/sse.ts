import type { AiStreamEvent } from '@tradedesk/contracts';
import { hostUrl } from '../../app/hosts';
import { snakeKeys } from '../../shared/api/case';

/** One Server-Sent Event as read from the stream: its `event:` name (default "message") and joined `data:` lines. */
export type SseMessage = { event: string; data: string };

/**
 * Reads Server-Sent Events from a byte stream (the text/event-stream format: fields per line, a blank line ends an
 * event, `:` lines are comments). Chunks may split lines and characters anywhere.
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
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
    reader.releaseLock();
  }
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
};

/**
 * POSTs a turn to a stream route of the `ai` host (`Accept: text/event-stream`) and hands each event to `onEvent`.
 * A failure before the stream (a 4xx JSON answer, the network) becomes one `error` event, so the caller has one
 * ending to handle whatever happened. Resolves when the stream ends.
 */
export async function streamTurn(path: string, body: unknown, options: StreamOptions): Promise<void> {
  const send = () =>
    fetch(`${hostUrl('ai')}${path}`, {
      method: options.method ?? 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(snakeKeys(body ?? {})),
      signal: options.signal,
    });
  let response: Response;
  try {
    response = await send();
    if (response.status === 401 && options.refresh && (await options.refresh())) response = await send();
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') return;
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
    for await (const message of readSse(response.body)) {
      const event = toStreamEvent(message);
      if (event) options.onEvent(event);
    }
  } catch (error) {
    if ((error as { name?: string }).name === 'AbortError') return;
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
  options: { signal?: AbortSignal } = {},
): Promise<{ ok: true; media: import('@tradedesk/contracts').AiMediaFile } | { ok: false; message: string }> {
  const form = new FormData();
  form.append('lastModified', String(file.lastModified));
  if (kind === 'scanned') form.append('kind', 'scanned');
  form.append('file', file, file.name);
  try {
    const response = await fetch(`${hostUrl('ai')}/ai/media`, {
      method: 'POST',
      credentials: 'include',
      body: form,
      signal: options.signal,
    });
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok)
      return { ok: false, message: typeof answer.message === 'string' ? answer.message : 'The upload failed.' };
    return { ok: true, media: answer as unknown as import('@tradedesk/contracts').AiMediaFile };
  } catch {
    return { ok: false, message: 'The server could not be reached. Check your connection.' };
  }
}
