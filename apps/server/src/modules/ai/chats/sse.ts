import type { AiStreamEvent } from '@tradedesk/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, statusByCategory } from '../../../platform/errors.js';

export type SseRun<T> = (stream: { signal: AbortSignal; emit(event: AiStreamEvent): void }) => Promise<T>;

/** One Server-Sent Event: `event: <type>` and `data: <json>` (one line: JSON never holds a raw line break). */
export function sseFrame(event: AiStreamEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** The `error` event of a failure: the app's code and message for AppErrors, a plain sentence for anything else. */
export function errorEvent(error: unknown): Extract<AiStreamEvent, { type: 'error' }> {
  if (error instanceof AppError && error.category !== 'internal')
    return { type: 'error', statusCode: statusByCategory[error.category], code: error.code, message: error.message };
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return { type: 'error', statusCode: 504, code: 'AI_TIMEOUT', message: 'The answer took too long and was stopped.' };
  return {
    type: 'error',
    statusCode: 500,
    code: 'AI_TURN_FAILED',
    message: 'The assistant could not answer. Try again.',
  };
}

/**
 * Answers a route as a stream of Server-Sent Events (all AI stream routes: chats, agents, research). The stream
 * opens with the first event: a failure before it (a 404 chat, the 423 quota, a bad media id) is an ordinary error
 * answer with its status; a failure after it is an `error` event, so a turn always ends with one `answer` or
 * `error`. The client closing the connection aborts `signal`. A comment line every 15 s keeps proxies from timing
 * the stream out.
 */
export async function streamSse<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: SseRun<T>,
  options: { heartbeatMs?: number } = {},
): Promise<void> {
  const abort = new AbortController();
  let open = false;
  let heartbeat: NodeJS.Timeout | undefined;
  const raw = reply.raw;
  const onClose = () => {
    if (!raw.writableEnded) abort.abort(new DOMException('The client closed the stream.', 'AbortError'));
  };
  raw.on('close', onClose);

  const start = () => {
    open = true;
    reply.hijack();
    const headers: Record<string, string | number | string[]> = {};
    for (const [k, v] of Object.entries(reply.getHeaders())) if (v !== undefined) headers[k] = v as string;
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), options.heartbeatMs ?? 15_000);
    heartbeat.unref();
  };
  const emit = (event: AiStreamEvent) => {
    if (abort.signal.aborted && raw.destroyed) return;
    if (!open) start();
    raw.write(sseFrame(event));
  };

  try {
    await run({ signal: abort.signal, emit });
  } catch (error) {
    if (!open) {
      raw.off('close', onClose);
      throw error;
    }
    if (!(error instanceof AppError)) request.log.warn({ err: error }, 'An AI stream turn failed.');
    if (!raw.destroyed) raw.write(sseFrame(errorEvent(error)));
  } finally {
    if (heartbeat) clearInterval(heartbeat);
  }
  raw.off('close', onClose);
  if (open && !raw.writableEnded) raw.end();
  else if (!open) {
    // the run emitted nothing at all: an empty stream still answers as one
    start();
    if (heartbeat) clearInterval(heartbeat);
    raw.end();
  }
}

/** The 200 answer of a stream route in the API reference (the body is the event stream, never serialised). */
export const sseResponseDoc = {
  200: z
    .string()
    .describe(
      'text/event-stream of AiStreamEvent: start, step, delta, source, action, research, then one answer or error',
    ),
};
