import fc from 'fast-check';
import { MULTIPART_TYPE } from './draft.js';
import { encodeUriAny, hostileKey, hostileString } from './hostile.js';

/** Hostile input at the HTTP level: bodies that are not JSON, content types, path segments, queries, headers. */

/** Whether Node accepts the text as an HTTP header value (inject refuses the rest before the server sees it). */
export const headerSafe = (v: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(v);
export const headerText = hostileString.map((v) => (headerSafe(v) ? v : encodeUriAny(v)));

export const badJsonTexts = fc.oneof(
  fc.constantFrom<string | Buffer>(
    '{',
    '{"a":',
    "{'a':1}",
    '[1,]',
    'nul',
    '\u0000',
    '\ufeff{}',
    '{} trailing',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '"\\x41"',
    'NaN',
    '-',
    '1e',
    '{"a":1}{"a":2}',
    Buffer.from([0xff, 0xfe, 0xc3, 0x28]),
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
  ),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => '['.repeat(n)),
  fc.integer({ min: 100, max: 5_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  fc.integer({ min: 1_048_577, max: 1_200_000 }).map((n) => `{"a":"${'x'.repeat(n)}"}`),
);

export const wrongContentTypes = fc.oneof(
  fc.constantFrom(
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/xml',
    MULTIPART_TYPE,
    'application/json; charset=utf-16',
    'application/json; charset=x-unknown',
    'application/jsonx',
    'APPLICATION/JSON',
    'application/json;;;',
    '*/*',
    '',
    'application/octet-stream',
  ),
  headerText,
);

export const badPathSegments = fc.oneof(
  fc.constantFrom(
    '%00',
    '%',
    '%ZZ',
    '%E0%A4%A',
    '%ED%A0%80',
    '..',
    '%2e%2e',
    '%2F',
    'a%2Fb',
    '.',
    '%20',
    '%F0%9F%92%A3',
    '%C0%AE%C0%AE',
    '~',
    ';x=1',
  ),
  fc.integer({ min: 500, max: 10_000 }).map((n) => 'a'.repeat(n)),
  hostileString.map(encodeUriAny),
);
export const badWildcards = fc.oneof(
  badPathSegments,
  fc.constantFrom(
    '../../../etc/passwd',
    '..%2F..%2Fsecrets.json',
    'avatar/',
    'avatar//x.png',
    '/etc/passwd',
    'a/%00/b',
    'avatar/..',
    'a/b/c/d/e/f/g/h/i/j/k',
  ),
);

export const badQueryValues = fc.oneof(
  fc.constantFrom('%', '%00', '%E0%A4%A', '%ED%A0%80', '+', '%2B', '&', '=', '%26%3D'),
  fc.integer({ min: 1_000, max: 50_000 }).map((n) => 'q'.repeat(n)),
  hostileString.map(encodeUriAny),
);

export const hostileHeaders = fc.oneof(
  fc.constantFrom<Record<string, string>>(
    { authorization: 'Bearer' },
    { authorization: 'Bearer ' },
    { authorization: 'Bearer a.b.c' },
    { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
    { authorization: 'Basic Zm9vOmJhcg==' },
    { authorization: 'bearer\tx' },
    { cookie: 'access_token=' },
    { cookie: 'access_token=garbage; refresh_token=garbage' },
    { cookie: 'access_token=%ZZ' },
    { cookie: '=;;=;; ;' },
    { cookie: 'access_token=a; access_token=b' },
    { 'x-refresh-token': 'garbage' },
    { accept: 'application/xml' },
    { accept: 'text/html;q=hostile, */*;q=0' },
    { 'accept-encoding': 'br;q=x, gzip;q=-1' },
    { 'x-forwarded-for': 'not-an-ip, 999.999.999.999' },
    { origin: 'null' },
    { origin: 'http://evil.example' },
    { 'sec-fetch-site': 'cross-site' },
    { 'content-encoding': 'gzip' },
    { 'transfer-encoding': 'chunked' },
    { 'if-none-match': '*' },
    { range: 'bytes=-1' },
  ),
  fc.integer({ min: 4_000, max: 60_000 }).map((n) => ({ authorization: `Bearer ${'a'.repeat(n)}` })),
  fc.integer({ min: 4_000, max: 60_000 }).map((n) => ({ cookie: `access_token=${'a'.repeat(n)}` })),
  headerText.map((v) => ({ authorization: `Bearer ${v}` })),
  headerText.map((v) => ({ 'user-agent': v })),
  headerText.map((v) => ({ 'x-refresh-token': v })),
);

export const queryNoise = fc.oneof(
  fc.constantFrom(
    '&&&',
    '=',
    '=x',
    'a',
    'a[]=1&a[]=2',
    'a[b][c]=1',
    '__proto__[polluted]=1',
    'constructor[prototype][x]=1',
    '%=%',
    'a=1&a=2&a=3',
  ),
  fc.tuple(hostileKey, hostileString).map(([k, v]) => `${encodeUriAny(k)}=${encodeUriAny(v)}`),
  fc.integer({ min: 200, max: 2_000 }).map((n) => Array.from({ length: n }, (_, i) => `p${i}=${i}`).join('&')),
);
