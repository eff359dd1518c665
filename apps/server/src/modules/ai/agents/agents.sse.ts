import type { AiStreamEvent } from '@tradedesk/contracts';
import type { FastifyReply } from 'fastify';
import { AppError, statusByCategory } from '../../../platform/errors.js';

/**
 * Server-Sent Events for the agent chat and research routes (`event: <type>`, `data: <json>`). The stream opens on
 * the first event, so a failure before any (a quota's 423, a chat id not the caller's) is an ordinary HTTP error
 * answer; a failure after it is an `error` event that ends the stream. The run gets a signal aborted when the
 * client goes away or `timeoutMs` passes. (ai-chats has the shared helper for the chat routes; this one is the
 * agents' own so the slice stands alone; either can serve both.)
 */
export async function streamEvents(
  reply: FastifyReply,
  timeoutMs: number,
  run: (emit: (event: AiStreamEvent) => void, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const gone = new AbortController();
  const signal = AbortSignal.any([gone.signal, AbortSignal.timeout(timeoutMs)]);
  let open = false;
  const raw = reply.raw;
  raw.on('close', () => {
    if (!raw.writableEnded) gone.abort();
  });
  const emit = (event: AiStreamEvent) => {
    if (!open) {
      open = true;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
    }
    if (!raw.writableEnded) raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  };
  try {
    await run(emit, signal);
  } catch (error) {
    const timedOut = signal.aborted && !gone.signal.aborted;
    const failure = timedOut
      ? new AppError('AI_TIMEOUT', 'unavailable', `The answer took longer than ${duration(timeoutMs)} and was stopped.`)
      : error;
    if (!open) throw failure;
    if (failure instanceof AppError) {
      emit({
        type: 'error',
        statusCode: statusByCategory[failure.category],
        code: failure.code,
        message: failure.message,
      });
    } else {
      reply.log.error({ err: failure }, 'An AI stream failed.');
      emit({
        type: 'error',
        statusCode: 500,
        code: 'INTERNAL',
        message: 'The answer failed on the server. Try again.',
      });
    }
  }
  if (open) {
    if (!raw.writableEnded) raw.end();
  } else {
    // nothing was emitted (should not happen: every run ends with an answer or an error)
    reply.hijack();
    raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    raw.end();
  }
}

/** Reads an SSE body (as app.inject returns it) into its events: for tests and for clients of these routes. */
export function parseEvents(body: string): AiStreamEvent[] {
  const out: AiStreamEvent[] = [];
  for (const block of body.split('\n\n')) {
    const data = block
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => l.slice(6))
      .join('\n');
    if (data) out.push(JSON.parse(data) as AiStreamEvent);
  }
  return out;
}

/** A time limit in words: "200 ms", "10 seconds", "5 minutes". */
export function duration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  return `${Math.round(ms / 1000)} seconds`;
}
