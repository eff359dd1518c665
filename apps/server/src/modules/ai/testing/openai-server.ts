import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small local HTTP server speaking the OpenAI chat-completions protocol, for tests: `POST /v1/chat/completions`
 * (streamed as server-sent events, or one JSON answer), `POST /v1/embeddings`, `GET /v1/models`. Each chat request
 * takes the next scripted reply; the requests are recorded so a test can check what the provider sent.
 */

export type ScriptedToolCall = {
  id: string;
  name: string;
  arguments: string;
  /** Streams the arguments in fragments of this many characters (default 7), as real servers do. */
  fragment?: number;
};

export type ScriptedReply =
  | {
      kind?: 'answer';
      /** Text chunks, streamed in order. */
      text?: string[];
      toolCalls?: ScriptedToolCall[];
      usage?: { prompt_tokens: number; completion_tokens: number } | null;
      /** Stop after this many chunks and keep the connection open without a word (an idle-timeout test). */
      stallAfter?: number;
    }
  | { kind: 'error'; status: number; message: string; type?: string; headers?: Record<string, string> }
  /** Accept the request and never answer. */
  | { kind: 'hang' };

export type RecordedRequest = { method: string; path: string; headers: IncomingMessage['headers']; body: unknown };

export type OpenAiTestServer = {
  /** The base URL a client is configured with (`http://127.0.0.1:<port>/v1`). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Queues replies for the next chat requests (FIFO). Without a queued reply a chat answers "ok". */
  reply(...replies: ScriptedReply[]): void;
  /** How many embedding dimensions `/v1/embeddings` answers (default 8). */
  embeddingDims: number;
  close(): Promise<void>;
};

/** Starts the server on a free loopback port. `apiKey`: requests without `Bearer <apiKey>` get a 401. */
export async function startOpenAiTestServer(options: { apiKey?: string } = {}): Promise<OpenAiTestServer> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const open = new Set<ServerResponse>();
  const state = { embeddingDims: 8 };

  const server = createServer(async (req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    const raw = await readBody(req);
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      return sendError(res, 400, 'The body is not valid JSON.', 'invalid_request_error');
    }
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendError(res, 401, 'Incorrect API key provided.', 'invalid_request_error');
    }
    if (req.method === 'GET' && path === '/v1/models') {
      return sendJson(res, 200, { object: 'list', data: [{ id: 'test-model', object: 'model', owned_by: 'tests' }] });
    }
    if (req.method === 'POST' && path === '/v1/embeddings') {
      const input = (body as { input?: unknown }).input;
      const texts = Array.isArray(input) ? input.map(String) : [String(input ?? '')];
      // The official clients ask for base64 (little-endian float32), as the protocol allows; others get numbers.
      const base64 = (body as { encoding_format?: string }).encoding_format === 'base64';
      const encode = (v: number[]) => (base64 ? Buffer.from(new Float32Array(v).buffer).toString('base64') : v);
      return sendJson(res, 200, {
        object: 'list',
        model: (body as { model?: string }).model,
        data: texts.map((t, index) => ({
          object: 'embedding',
          index,
          embedding: encode(vectorOf(t, state.embeddingDims)),
        })),
        usage: { prompt_tokens: texts.join(' ').length, total_tokens: texts.join(' ').length },
      });
    }
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      const next = queue.shift() ?? { text: ['ok'] };
      const stream = (body as { stream?: boolean }).stream === true;
      return answerChat(res, next, stream, String((body as { model?: string }).model ?? 'test-model'));
    }
    return sendError(res, 404, `Unknown path ${path}.`, 'invalid_request_error');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (...replies) => void queue.push(...replies),
    get embeddingDims() {
      return state.embeddingDims;
    },
    set embeddingDims(n: number) {
      state.embeddingDims = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
      }),
  };
}

function answerChat(res: ServerResponse, reply: ScriptedReply, stream: boolean, model: string) {
  if (reply.kind === 'hang') return;
  if (reply.kind === 'error') return sendError(res, reply.status, reply.message, reply.type, reply.headers);
  const id = 'chatcmpl-test';
  const created = 1_767_000_000;
  const text = reply.text ?? [];
  const calls = reply.toolCalls ?? [];
  const finish = calls.length > 0 ? 'tool_calls' : 'stop';
  const usage = reply.usage === undefined ? { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 } : reply.usage;
  if (!stream) {
    return sendJson(res, 200, {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [
        {
          index: 0,
          finish_reason: finish,
          message: {
            role: 'assistant',
            content: text.join('') || null,
            ...(calls.length
              ? {
                  tool_calls: calls.map((c) => ({
                    id: c.id,
                    type: 'function',
                    function: { name: c.name, arguments: c.arguments },
                  })),
                }
              : {}),
          },
        },
      ],
      ...(usage ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } : {}),
    });
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const chunks: object[] = [{ role: 'assistant', content: '' }, ...text.map((t) => ({ content: t }))];
  calls.forEach((c, index) => {
    chunks.push({
      tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } }],
    });
    const size = c.fragment ?? 7;
    for (let i = 0; i < c.arguments.length; i += size) {
      chunks.push({ tool_calls: [{ index, function: { arguments: c.arguments.slice(i, i + size) } }] });
    }
  });
  const frame = (delta: object, finishReason: string | null) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    })}\n\n`;
  for (const [i, delta] of chunks.entries()) {
    if (reply.stallAfter !== undefined && i >= reply.stallAfter) return;
    res.write(frame(delta, null));
  }
  res.write(frame({}, finish));
  if (usage) {
    res.write(
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      })}\n\n`,
    );
  }
  res.end('data: [DONE]\n\n');
}

/** A deterministic unit vector from the text (same text, same vector), so retrieval tests can rank. */
export function vectorOf(text: string, dims: number): number[] {
  const digest = createHash('sha256').update(text).digest();
  const v = Array.from({ length: dims }, (_, i) => (digest[i % digest.length]! - 127.5) / 127.5);
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, status: number, message: string, type = 'api_error', headers = {}) {
  sendJson(res, status, { error: { message, type, param: null, code: null } }, headers);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}
