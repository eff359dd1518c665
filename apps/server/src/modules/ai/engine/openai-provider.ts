import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  PermissionDeniedError,
  RateLimitError,
} from 'openai';
import type { ChatCompletionChunk, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { AppError } from '../../../platform/errors.js';
import type { ChatModel, ModelEvent, ModelMessage, ModelRequest, ModelToolCall } from '../ai.types.js';
import { aiModelError } from './engine.errors.js';

/** Whose provider it is: the messages say who can fix a failure (the operator's settings or the user's own). */
export type ProviderOwner = 'operator' | 'user';

export type OpenAiModelOptions = {
  id: string;
  label: string;
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  embeddingModel?: string | undefined;
  owner: ProviderOwner;
  /** How long the provider may stay silent: before its first byte, and between two streamed chunks. */
  timeoutMs: number;
  /** Retries of refused or failed requests (429, 5xx, connection errors) before giving up; default 1. */
  maxRetries?: number;
  fetch?: typeof fetch;
};

/**
 * A model behind the OpenAI chat-completions protocol (OpenAI, and the many servers that speak it: vLLM, Ollama,
 * LM Studio, llama.cpp, OpenRouter...). Streams text deltas as they arrive, gathers the streamed fragments of
 * tool calls into whole calls, and turns the provider's failures into AppErrors whose messages say what to fix.
 */
export function createOpenAiModel(options: OpenAiModelOptions): ChatModel {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // Servers that check no key still get a bearer header: the client requires one.
    apiKey: options.apiKey ?? 'none',
    timeout: options.timeoutMs,
    maxRetries: options.maxRetries ?? 1,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const host = hostOf(options.baseUrl);

  const model: ChatModel = {
    id: options.id,
    label: options.label,
    builtIn: false,
    chat(request, signal) {
      return streamRound(request, signal);
    },
  };

  async function* streamRound(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelEvent> {
    const idle = idleAbort(signal, options.timeoutMs);
    try {
      const stream = await client.chat.completions.create(
        {
          model: options.model,
          messages: request.messages.map(toOpenAiMessage),
          ...(request.tools.length > 0
            ? {
                tools: request.tools.map((t) => ({
                  type: 'function' as const,
                  function: { name: t.name, description: t.description, parameters: t.parameters },
                })),
              }
            : {}),
          ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal: idle.signal },
      );
      idle.touch();
      const calls = new Map<number, { id: string; name: string; arguments: string }>();
      let usage: ChatCompletionChunk['usage'] | undefined;
      let textChars = 0;
      for await (const chunk of stream) {
        idle.touch();
        if (chunk.usage) usage = chunk.usage;
        for (const choice of chunk.choices ?? []) {
          const delta = choice.delta;
          if (delta?.content) {
            textChars += delta.content.length;
            yield { type: 'text', delta: delta.content };
          }
          for (const fragment of delta?.tool_calls ?? []) {
            const call = calls.get(fragment.index) ?? { id: '', name: '', arguments: '' };
            if (fragment.id) call.id = fragment.id;
            if (fragment.function?.name) call.name += fragment.function.name;
            if (fragment.function?.arguments) call.arguments += fragment.function.arguments;
            calls.set(fragment.index, call);
          }
        }
      }
      // The client ends a stream quietly when its signal aborts: a silent provider or a cancel is not an answer.
      idle.signal.throwIfAborted();
      const ordered = [...calls.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c);
      for (const [i, call] of ordered.entries()) {
        if (!call.name) throw badResponse('a streamed tool call had no function name');
        const whole: ModelToolCall = {
          id: call.id || `call_${i + 1}`,
          name: call.name,
          arguments: call.arguments || '{}',
        };
        yield { type: 'tool_call', call: whole };
      }
      // Servers that do not report usage are counted at about four characters a token (quotas need a figure).
      yield {
        type: 'done',
        usage: usage
          ? { promptTokens: usage.prompt_tokens ?? 0, completionTokens: usage.completion_tokens ?? 0 }
          : {
              promptTokens: Math.ceil(JSON.stringify(request.messages).length / 4),
              completionTokens: Math.ceil((textChars + JSON.stringify(ordered).length) / 4),
            },
      };
    } catch (error) {
      throw providerError(error, signal, idle.timedOut());
    } finally {
      idle.clear();
    }
  }

  if (options.embeddingModel) {
    const embeddingModel = options.embeddingModel;
    model.embeddingId = `${host}/${embeddingModel}`;
    model.embed = async (texts, signal) => {
      if (texts.length === 0) return [];
      const idle = idleAbort(signal, options.timeoutMs);
      try {
        const res = await client.embeddings.create({ model: embeddingModel, input: texts }, { signal: idle.signal });
        const rows = [...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
        if (rows.length !== texts.length || rows.some((r) => !Array.isArray(r))) {
          throw badResponse(`it answered ${rows.length} embeddings for ${texts.length} texts`);
        }
        return rows;
      } catch (error) {
        throw providerError(error, signal, idle.timedOut());
      } finally {
        idle.clear();
      }
    };
  }

  function badResponse(why: string) {
    return aiModelError('AI_PROVIDER_BAD_RESPONSE', `The AI provider at ${host} sent an answer it cannot use: ${why}.`);
  }

  /** The provider's failure as an AppError; the caller's own cancellation stays an abort. */
  function providerError(error: unknown, signal: AbortSignal, timedOut: boolean): unknown {
    if (error instanceof AppError) return error;
    if (signal.aborted) return signal.reason ?? error;
    const fix =
      options.owner === 'operator'
        ? 'The operator can check AI_BASE_URL, AI_API_KEY and AI_MODEL.'
        : 'Check your own model settings (Settings, AI model).';
    const seconds = Math.round(options.timeoutMs / 100) / 10;
    if (timedOut || error instanceof APIConnectionTimeoutError) {
      return aiModelError(
        'AI_PROVIDER_TIMEOUT',
        `The AI provider at ${host} did not answer within ${seconds} seconds. Try again in a moment.`,
      );
    }
    if (error instanceof APIUserAbortError) return error;
    if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) {
      return aiModelError(
        'AI_PROVIDER_AUTH_FAILED',
        `The AI provider at ${host} refused the API key (${error.status}). ${fix}`,
      );
    }
    if (error instanceof RateLimitError) {
      const retryAfter = error.headers?.get('retry-after');
      return aiModelError(
        'AI_PROVIDER_RATE_LIMITED',
        `The AI provider at ${host} is limiting requests (429). Try again ${retryAfter ? `in ${retryAfter} seconds` : 'in a moment'}.`,
        undefined,
        retryAfter && /^\d+$/.test(retryAfter) ? { 'retry-after': retryAfter } : undefined,
      );
    }
    if (error instanceof APIConnectionError) {
      return aiModelError('AI_PROVIDER_UNAVAILABLE', `The AI provider at ${host} could not be reached. ${fix}`);
    }
    if (error instanceof APIError && typeof error.status === 'number') {
      if (error.status >= 500) {
        return aiModelError(
          'AI_PROVIDER_UNAVAILABLE',
          `The AI provider at ${host} failed (${error.status}). Try again in a moment.`,
        );
      }
      return aiModelError(
        'AI_PROVIDER_BAD_REQUEST',
        `The AI provider at ${host} refused the request for model ${options.model} (${error.status}): ${providerMessage(error)} ${fix}`,
      );
    }
    if (error instanceof SyntaxError) return badResponse('it was not valid JSON');
    return aiModelError('AI_PROVIDER_UNAVAILABLE', `The AI provider at ${host} failed. Try again in a moment.`);
  }

  return model;
}

/** The provider's own error message, bounded and on one line (it is shown to the user). */
function providerMessage(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  const raw = typeof body?.message === 'string' ? body.message : 'no reason given';
  const line = raw.replace(/\s+/g, ' ').trim();
  const bounded = line.length > 200 ? `${line.slice(0, 199)}…` : line;
  return /[.!?…]$/.test(bounded) ? bounded : `${bounded}.`;
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** An abort signal that fires when the caller aborts or when `ms` pass without `touch()`. */
function idleAbort(parent: AbortSignal, ms: number) {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const onParent = () => controller.abort(parent.reason);
  if (parent.aborted) controller.abort(parent.reason);
  else parent.addEventListener('abort', onParent, { once: true });
  const arm = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('the AI provider went silent'));
    }, ms);
  };
  arm();
  return {
    signal: controller.signal,
    touch: arm,
    timedOut: () => timedOut,
    clear() {
      if (timer) clearTimeout(timer);
      parent.removeEventListener('abort', onParent);
    },
  };
}

function toOpenAiMessage(m: ModelMessage): ChatCompletionMessageParam {
  switch (m.role) {
    case 'system':
      return { role: 'system', content: m.content };
    case 'user':
      return { role: 'user', content: m.content };
    case 'assistant':
      return m.toolCalls && m.toolCalls.length > 0
        ? {
            role: 'assistant',
            content: m.content || null,
            tool_calls: m.toolCalls.map((c) => ({
              id: c.id,
              type: 'function' as const,
              function: { name: c.name, arguments: c.arguments },
            })),
          }
        : { role: 'assistant', content: m.content };
    case 'tool':
      return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
  }
}
