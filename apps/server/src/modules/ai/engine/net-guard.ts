import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { isPrivateUrlHost, publicOnlyLookup } from '../../../platform/private-address.js';

/**
 * Users' own provider base URLs are addresses a user typed: unless the operator allows it (AI_USER_PRIVATE_URLS),
 * the server must not be made to call its own loopback or private network with them (platform/private-address).
 */
export { isPrivateAddress, isPrivateUrlHost } from '../../../platform/private-address.js';

/**
 * A `fetch` for the OpenAI client that refuses private addresses (literal or resolved). Streams the answer
 * body (server-sent events) as it arrives; honours the request's AbortSignal.
 */
export function publicOnlyFetch(): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const target = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (isPrivateUrlHost(target.toString())) throw new Error(`${target.hostname} is a private address`);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const body = typeof init.body === 'string' ? init.body : init.body == null ? undefined : String(init.body);
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = send(target, { method: init.method ?? 'GET', headers, lookup: publicOnlyLookup }, resolve);
      const onAbort = () => req.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('close', () => signal?.removeEventListener('abort', onAbort));
      req.on('error', reject);
      req.end(body);
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value !== undefined) responseHeaders.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    const status = res.statusCode ?? 502;
    const stream = status === 204 || status === 304 ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
    return new Response(stream, { status, headers: responseHeaders });
  }) as typeof fetch;
}
