import { toJsonText } from './hostile.js';

/** How a case is signed in: not at all, `Authorization: Bearer`, or the session cookies (as a same-site browser). */
export type AuthMode = 'anonymous' | 'bearer' | 'cookie';

/** One generated request. Headers set here win over the session's, so a case can send a hostile token. */
export type FuzzCase = {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  remoteAddress: string;
};

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'raw'; data: string | Buffer; contentType: string | undefined };

/** A request before it is encoded: path values and query pairs unencoded unless given raw. */
export type Draft = {
  pathValues: Record<string, string>;
  /** Encoded path segments that replace a parameter as they are (bad escapes, traversal). */
  rawPathValues: Record<string, string>;
  query: Array<[string, string]>;
  /** Encoded query text appended as is. */
  rawQuery: string;
  headers: Record<string, string>;
  body: Body;
};

export type Mutation = { label: string; apply: (d: Draft) => Draft };

export const JSON_TYPE = 'application/json';
export const MULTIPART_TYPE = 'multipart/form-data';

/** A parameter value as text: arrays become repeated parameters, the rest their string form. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return toJsonText(value);
  return String(value);
}
