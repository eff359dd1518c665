import type { LightMyRequestResponse } from 'fastify';

/** What the body of an error answer must never show. */
const leaks: Array<[string, RegExp]> = [
  ['a stack trace', /\n\s+at [^\n]+:\d+:\d+|\bat (?:async )?[\w.<>]+ \((?:file:|node:|\/)/],
  [
    'SQL or a database error',
    /Failed query|syntax error at or near|violates [\w ]*constraint|duplicate key value|relation "[^"]*" does not exist|invalid byte sequence|invalid input syntax|\bselect\b[^\n]{0,200}\bfrom "|\binsert into "|\bupdate "[^"]+" set\b/i,
  ],
  ['a file path of the server', /\/work\/|\/home\/|\/usr\/|node_modules|\.ts:\d+/],
];

/** The path part of a URL as it was sent and decoded. */
function pathForms(url: string): string[] {
  const raw = url.split('?')[0] ?? '';
  const forms = [raw];
  try {
    forms.push(decodeURIComponent(raw));
  } catch {
    // undecodable: the raw form is the one that could be echoed
  }
  return forms.filter((f) => f.length > '/api/'.length);
}

/** Every string inside a parsed JSON value. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

export type Answer = { status: number; body: string; contentType: string };

export function answerOf(response: LightMyRequestResponse): Answer {
  return {
    status: response.statusCode,
    body: response.body,
    contentType: String(response.headers['content-type'] ?? ''),
  };
}

/**
 * What is wrong with an answer to a fuzzed request (empty when nothing): never a 5xx; every 4xx carries
 * `{ statusCode, code, message, details? }` with the answer's status, an app-style code and a message, and
 * shows no stack trace, SQL, server paths or the request's own path; a guarded route never answers a
 * caller without credentials with success.
 */
export function problemsOf(answer: Answer, request: { method: string; url: string }, expectRefusal: boolean): string[] {
  const problems: string[] = [];
  const { status } = answer;
  if (status >= 500) problems.push(`answered ${status}`);
  if (expectRefusal && status < 400)
    problems.push(`a guarded route answered ${status} to a caller without credentials`);
  if (status < 400 || request.method === 'HEAD') return problems;

  if (!answer.contentType.startsWith('application/json')) {
    problems.push(`error answer has content type "${answer.contentType}", not JSON`);
    return problems;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    problems.push('error body is not JSON');
    return problems;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    problems.push('error body is not an object');
    return problems;
  }
  const b = body as Record<string, unknown>;
  if (b.statusCode !== status)
    problems.push(`statusCode ${JSON.stringify(b.statusCode)} differs from the HTTP status ${status}`);
  if (typeof b.code !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(b.code)) {
    problems.push(`code ${JSON.stringify(b.code)} is not an app error code (SCREAMING_SNAKE)`);
  } else if (b.code.startsWith('FST_')) {
    problems.push(`code ${b.code} is Fastify's internal code, not the app's`);
  }
  if (typeof b.message !== 'string' || b.message.trim() === '') problems.push('message is missing or empty');
  const extra = Object.keys(b).filter((k) => !['statusCode', 'code', 'message', 'details'].includes(k));
  if (extra.length > 0) problems.push(`error body has keys beyond the error shape: ${extra.join(', ')}`);
  const text = stringsOf(b).join('\n');
  for (const [what, pattern] of leaks) if (pattern.test(text)) problems.push(`error body shows ${what}`);
  if (pathForms(request.url).some((p) => text.includes(p))) problems.push('error body echoes the request path');
  return problems;
}
