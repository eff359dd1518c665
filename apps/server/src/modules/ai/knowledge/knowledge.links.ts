import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
// The one list of non-public address ranges the server keeps (platform/private-address.ts).
import { guardedGet, isPrivateAddress, PRIVATE_ADDRESS } from '../../../platform/private-address.js';
import { DOCX_TYPE, type TextFormat } from './knowledge.extract.js';

export type LinkFetchOptions = {
  timeoutMs: number;
  maxBytes: number;
  /** Allow loopback and private addresses (tests, intranet setups). Off by default: no reaching internal services. */
  allowPrivate: boolean;
  maxRedirects?: number;
};

export type FetchedPage = {
  /** The address finally read (after redirects). */
  url: string;
  type: string;
  format: TextFormat;
  data: Buffer;
  lastModified: number | null;
};

/** Why a link could not be read: `refused` (the address itself is not allowed) or `failed` (it did not answer well). */
export class LinkError extends Error {
  constructor(
    readonly reason: 'refused' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

const FORMATS: Record<string, TextFormat> = {
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/plain': 'text',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/csv': 'csv',
  'application/pdf': 'pdf',
  [DOCX_TYPE]: 'docx',
};

function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        res.destroy();
        reject(
          new LinkError('failed', `The page is larger than ${Math.round(maxBytes / 1024)} KB, the most a link reads.`),
        );
        return;
      }
      parts.push(chunk);
    });
    res.on('end', () => resolve(Buffer.concat(parts)));
    res.on('error', reject);
  });
}

/**
 * GETs a web page (or a PDF, Word or text file) for the knowledge base: http and https only, at most
 * `maxRedirects` redirects (each checked again), the body read up to `maxBytes`, all within `timeoutMs`. Unless
 * `allowPrivate`, an address that is or resolves to a loopback, private or link-local address is refused at
 * connection time. Throws LinkError with a sentence for the user.
 */
export async function fetchLink(address: string, options: LinkFetchOptions, outer?: AbortSignal): Promise<FetchedPage> {
  const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(outer ? [outer] : [])]);
  let url = new URL(address);
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new LinkError('refused', 'Only http:// and https:// addresses can be read.');
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) {
      throw new LinkError('refused', 'This address is on a private network, which links may not reach.');
    }
    let res: IncomingMessage;
    try {
      res = await guardedGet(url, {
        accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.5',
        userAgent: 'TradeDesk-Knowledge/1',
        publicOnly: !options.allowPrivate,
        signal,
      });
    } catch (error) {
      throw failure(error, options, signal);
    }
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (hop >= (options.maxRedirects ?? 5)) throw new LinkError('failed', 'The address redirects too many times.');
      url = new URL(res.headers.location, url);
      continue;
    }
    if (status < 200 || status > 299) {
      res.resume();
      throw new LinkError('failed', `The address answered HTTP ${status} instead of a page.`);
    }
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      res.destroy();
      throw new LinkError(
        'failed',
        `The page is larger than ${Math.round(options.maxBytes / 1024)} KB, the most a link reads.`,
      );
    }
    const type = (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const format = FORMATS[type];
    if (!format) {
      res.destroy();
      throw new LinkError(
        'failed',
        `The address answers ${type || 'content of no stated type'}, which is not a web page or a document that can be read.`,
      );
    }
    let data: Buffer;
    try {
      data = await readBody(res, options.maxBytes);
    } catch (error) {
      throw failure(error, options, signal);
    }
    const modified = Date.parse(res.headers['last-modified'] ?? '');
    return { url: url.toString(), type, format, data, lastModified: Number.isFinite(modified) ? modified : null };
  }
}

function failure(error: unknown, options: LinkFetchOptions, signal: AbortSignal): LinkError {
  if (error instanceof LinkError) return error;
  if ((error as { code?: string })?.code === PRIVATE_ADDRESS) {
    return new LinkError('refused', 'This address is on a private network, which links may not reach.');
  }
  if (signal.aborted) {
    const limit = options.timeoutMs >= 1000 ? `${Math.round(options.timeoutMs / 1000)} s` : `${options.timeoutMs} ms`;
    return new LinkError('failed', `The address did not answer within ${limit}.`);
  }
  const code = (error as { code?: string })?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new LinkError('failed', 'No web server has this name.');
  return new LinkError('failed', 'The address could not be reached.');
}
