import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { guardedGet, isPrivateUrlHost, PRIVATE_ADDRESS } from '../../platform/private-address.js';
import type { NewsRepository } from './news.repository.js';

/**
 * Feed logos: the leader fetches the image a feed names (RSS channel image, Atom logo or icon) and keeps its bytes
 * in `news_provider_logos`, so every process serves it from this origin (the page's security policy loads images
 * from here only) and it survives a restart.
 */

/** A logo larger than this is not kept. */
export const LOGO_MAX_BYTES = 256 * 1024;
/** How long the leader waits for a logo. */
export const LOGO_TIMEOUT_MS = 5000;
/** A stored logo is fetched again once it is older than this (or at once when the feed names another address). */
export const LOGO_REFRESH_MS = 24 * 60 * 60 * 1000;
/** After a failed fetch, the same address is tried again after this long. */
export const LOGO_RETRY_MS = 6 * 60 * 60 * 1000;
const MAX_REDIRECTS = 3;

/** The image types kept, by the type a server declares; SVG (which can hold script) is refused. */
const DECLARED = new Set([
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/pjpeg',
  'image/gif',
  'image/webp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

/** The type the bytes themselves are (their signature), or undefined when they are none of the kept types. */
export function imageTypeOf(data: Buffer): string | undefined {
  const starts = (...bytes: number[]) => bytes.every((b, i) => data[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (data.subarray(0, 6).toString('latin1') === 'GIF87a' || data.subarray(0, 6).toString('latin1') === 'GIF89a')
    return 'image/gif';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  if (starts(0x00, 0x00, 0x01, 0x00) && data.length >= 6) return 'image/x-icon';
  return undefined;
}

export type FetchedLogo = { url: string; contentType: string; data: Buffer };

export type FetchLogoOptions = {
  timeoutMs: number;
  maxBytes: number;
  /**
   * The feed's own origin (`http://host:port`), which the operator chose: a logo there may be on a private network
   * like the feed itself. Any other address that is, or resolves to, a loopback, private or link-local address is
   * refused (platform/private-address), at every redirect.
   */
  trustedOrigin?: string;
  signal?: AbortSignal;
};

function readBody(res: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    let done = false;
    const fail = (error: Error) => {
      if (done) return;
      done = true;
      res.destroy();
      reject(error);
    };
    signal.addEventListener('abort', () => fail(new Error('aborted')), { once: true });
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return fail(new Error(`The logo is larger than ${maxBytes} bytes.`));
      parts.push(chunk);
    });
    res.on('end', () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(parts));
    });
    res.on('error', fail);
    res.on('close', () => fail(new Error('The logo’s answer was cut off.')));
  });
}

/**
 * GETs a logo image: http and https only, at most 3 redirects (each checked again), within `timeoutMs`, at most
 * `maxBytes`, an HTTP 2xx answer declaring PNG, JPEG, GIF, WebP or icon whose bytes are that kind of image (the
 * stored type is the one the bytes show). Throws an Error with a message for the log.
 */
export async function fetchLogo(address: string, options: FetchLogoOptions): Promise<FetchedLogo> {
  const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])]);
  let url = new URL(address);
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error('The logo’s address is not http:// or https://.');
    const trusted = options.trustedOrigin !== undefined && url.origin === options.trustedOrigin;
    if (!trusted && isPrivateUrlHost(url.toString())) throw new Error('The logo is on a private network address.');
    let res: IncomingMessage;
    try {
      res = await guardedGet(url, {
        accept: 'image/png,image/webp,image/jpeg,image/gif,image/x-icon;q=0.9',
        userAgent: 'TradeDesk-News/1',
        publicOnly: !trusted,
        signal,
      });
    } catch (error) {
      throw failure(error, options, signal);
    }
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (hop >= MAX_REDIRECTS) throw new Error('The logo’s address redirects too many times.');
      url = new URL(res.headers.location, url);
      continue;
    }
    if (status < 200 || status > 299) {
      res.resume();
      throw new Error(`The logo answered HTTP ${status}.`);
    }
    const declaredType = (res.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!DECLARED.has(declaredType)) {
      res.destroy();
      throw new Error(`The logo is ${declaredType || 'of no stated type'}, not a PNG, JPEG, GIF, WebP or icon image.`);
    }
    const declaredSize = Number(res.headers['content-length']);
    if (Number.isFinite(declaredSize) && declaredSize > options.maxBytes) {
      res.destroy();
      throw new Error(`The logo is larger than ${options.maxBytes} bytes.`);
    }
    let data: Buffer;
    try {
      data = await readBody(res, options.maxBytes, signal);
    } catch (error) {
      throw failure(error, options, signal);
    }
    const contentType = imageTypeOf(data);
    if (!contentType) throw new Error(`The logo’s bytes are not the ${declaredType} image it says it is.`);
    return { url: url.toString(), contentType, data };
  }
}

function failure(error: unknown, options: FetchLogoOptions, signal: AbortSignal): Error {
  if ((error as { code?: string })?.code === PRIVATE_ADDRESS)
    return new Error('The logo’s host resolves to a private network address.');
  if (signal.aborted) return new Error(`The logo did not answer within ${options.timeoutMs} ms.`);
  if (error instanceof Error && /^The logo/.test(error.message)) return error;
  return new Error(`The logo could not be reached (${(error as Error)?.message ?? 'unknown error'}).`);
}

export const logoHashOf = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Keeps each feed provider's stored logo in step with the address its feed names: fetched when first named, again
 * when the address changes or the copy is older than LOGO_REFRESH_MS, and removed when the feed names none (or
 * names a new address that cannot be fetched). A failed address is tried again after LOGO_RETRY_MS; that memory is
 * the leader's own, as only the leader reads feeds.
 */
export function createLogoKeeper(deps: {
  repo: NewsRepository;
  now: () => number;
  timeoutMs?: number;
  maxBytes?: number;
}) {
  const failures = new Map<string, { url: string; atMs: number }>();
  return {
    /** `kept` (fetched now), `fresh` (the stored copy is recent), `waiting` (failed lately), `none`; throws a failure. */
    async refresh(
      feed: { id: string; url: string },
      logoUrl: string | null,
      signal?: AbortSignal,
    ): Promise<'kept' | 'fresh' | 'waiting' | 'none'> {
      const nowMs = deps.now();
      const stamp = (await deps.repo.logoStamps()).find((s) => s.providerId === feed.id);
      if (!logoUrl) {
        if (stamp) await deps.repo.deleteLogo(feed.id);
        failures.delete(feed.id);
        return 'none';
      }
      if (stamp && stamp.sourceUrl === logoUrl && nowMs - stamp.fetchedAt.getTime() < LOGO_REFRESH_MS) return 'fresh';
      const failed = failures.get(feed.id);
      if (failed && failed.url === logoUrl && nowMs - failed.atMs < LOGO_RETRY_MS) return 'waiting';
      let fetched: FetchedLogo;
      try {
        fetched = await fetchLogo(logoUrl, {
          timeoutMs: deps.timeoutMs ?? LOGO_TIMEOUT_MS,
          maxBytes: deps.maxBytes ?? LOGO_MAX_BYTES,
          trustedOrigin: new URL(feed.url).origin,
          signal,
        });
      } catch (error) {
        failures.set(feed.id, { url: logoUrl, atMs: nowMs });
        // a copy of the same address stays until a fetch succeeds; one of an address the feed no longer names goes
        if (stamp && stamp.sourceUrl !== logoUrl) await deps.repo.deleteLogo(feed.id);
        throw error;
      }
      failures.delete(feed.id);
      await deps.repo.putLogo({
        providerId: feed.id,
        sourceUrl: logoUrl,
        contentType: fetched.contentType,
        data: fetched.data,
        hash: logoHashOf(fetched.data),
        fetchedAt: new Date(nowMs),
      });
      return 'kept';
    },
  };
}
export type LogoKeeper = ReturnType<typeof createLogoKeeper>;
