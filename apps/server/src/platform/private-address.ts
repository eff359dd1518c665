import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a user typed (alert webhooks, AI provider base URLs, knowledge links) must not make the server call its
 * own loopback or private network, unless the operator allows it. Each caller checks a literal address before
 * connecting and gives node:http(s) `publicOnlyLookup`, so the address a name resolves to is checked at connection
 * time: a name re-pointed to an internal address is refused too.
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** True for loopback, private, link-local, multicast and other addresses that are not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** A URL host without the brackets of an IPv6 literal. */
export const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/** Whether a URL's host is, by its text alone, a private address (`localhost`, a literal private IP). */
export function isPrivateUrlHost(url: string): boolean {
  const host = bareHost(new URL(url).hostname).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && isPrivateAddress(host);
}

/** The `code` of the error a refused lookup gives. */
export const PRIVATE_ADDRESS = 'PRIVATE_ADDRESS';

/** A DNS lookup for node:http(s) that fails (code PRIVATE_ADDRESS) when the name resolves to any private address. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad) {
      const error = new Error(`the host resolves to ${bad.address}, a private address`);
      return callback(Object.assign(error, { code: PRIVATE_ADDRESS }), '', 4);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    return callback(null, list[0]!.address, list[0]!.family);
  });
};

/**
 * A GET of an address a user or a remote document named: no compression asked for, and unless `publicOnly` is
 * false the address it connects to must be public (`publicOnlyLookup`). Resolves with the response (any status);
 * the caller follows redirects, checking each address again.
 */
export function guardedGet(
  url: URL,
  options: { accept: string; userAgent: string; publicOnly: boolean; signal: AbortSignal },
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      {
        method: 'GET',
        signal: options.signal,
        headers: { accept: options.accept, 'accept-encoding': 'identity', 'user-agent': options.userAgent },
        ...(options.publicOnly ? { lookup: publicOnlyLookup } : {}),
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}
