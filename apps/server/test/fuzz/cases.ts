import fc from 'fast-check';
import { asText, type Body, type Draft, type FuzzCase, JSON_TYPE, MULTIPART_TYPE, type Mutation } from './draft.js';
import {
  clientAddress,
  describeValue,
  encodeUriAny,
  hostileJsonValue,
  hostileKey,
  hostileString,
  toJsonText,
} from './hostile.js';
import {
  acceptsText,
  fieldPaths,
  hostileButValid,
  invalid,
  type JsonSchema,
  normalise,
  schemaAt,
  valid,
} from './json-schema.js';
import { multipartHostile, multipartValid } from './multipart.js';
import type { Operation } from './operations.js';
import {
  badJsonTexts,
  badPathSegments,
  badQueryValues,
  badWildcards,
  headerSafe,
  hostileHeaders,
  queryNoise,
  wrongContentTypes,
} from './transport.js';

function setAt(target: unknown, path: string[], value: unknown): unknown {
  const root: Record<string, unknown> =
    target !== null && typeof target === 'object' && !Array.isArray(target)
      ? { ...(target as Record<string, unknown>) }
      : {};
  const [head, ...rest] = path;
  if (head === undefined) return value;
  root[head] = rest.length === 0 ? value : setAt(root[head], rest, value);
  return root;
}

function removeAt(target: unknown, key: string): unknown {
  if (target === null || typeof target !== 'object' || Array.isArray(target)) return target;
  const { [key]: _, ...rest } = target as Record<string, unknown>;
  return rest;
}

/** A schema-valid request of the operation (the baseline each mutation changes one thing of). */
function validDraft(op: Operation): fc.Arbitrary<Draft> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const headerParams = op.params.filter((p) => p.in === 'header');
  const ctx = (where: string) => ({ ...op.ctx, where: `${op.name} ${where}` });
  const pathArb = fc.record(
    Object.fromEntries(pathParams.map((p) => [p.name, valid(p.schema, ctx(p.name)).map(asText)])),
  ) as fc.Arbitrary<Record<string, string>>;
  const queryArb = fc
    .tuple(
      ...queryParams.map((p) => {
        const value = valid(p.schema, ctx(p.name));
        // a required parameter is always sent; an optional one about two times in three
        return (p.required ? value : fc.option(value, { nil: undefined, freq: 3 })).map((v) =>
          v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((x): [string, string] => [p.name, asText(x)]),
        );
      }),
    )
    .map((lists) => lists.flat());
  const headerArb = fc.record(
    Object.fromEntries(headerParams.map((p) => [p.name, valid(p.schema, ctx(p.name)).map((v) => asText(v))])),
  ) as fc.Arbitrary<Record<string, string>>;
  return fc.record({
    pathValues: pathArb,
    rawPathValues: fc.constant({}),
    query: queryArb,
    rawQuery: fc.constant(''),
    headers: headerArb.map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => headerSafe(v)))),
    body: validBody(op),
  });
}

/**
 * The request content the operation's cases are made of: its only one, or JSON when it takes several (a route that
 * also takes a form or a multipart upload reads both into the same schema, and JSON reaches every field of it).
 */
function bodyContent(op: Operation) {
  const contents = op.body?.contents ?? [];
  const baseOf = (type: string) => type.split(';')[0]!.trim().toLowerCase();
  const content = contents.length > 1 ? contents.find((c) => baseOf(c.type) === JSON_TYPE) : contents[0];
  if (!content) {
    if (contents.length > 1) throw new Error(`${op.name}: several request content types and none is JSON`);
    return undefined;
  }
  const base = baseOf(content.type);
  if (base !== JSON_TYPE && base !== MULTIPART_TYPE) {
    throw new Error(`${op.name}: request content type ${content.type} has no generator in the fuzz suite`);
  }
  return { type: base, schema: content.schema };
}

function multipartFields(op: Operation, schema: JsonSchema): string[] {
  const s = normalise(schema, op.ctx);
  return Object.keys(s.properties ?? {});
}

function validBody(op: Operation): fc.Arbitrary<Body> {
  const content = bodyContent(op);
  if (!content) return fc.constant({ kind: 'none' });
  if (content.type === MULTIPART_TYPE) return multipartValid(multipartFields(op, content.schema));
  return valid(content.schema, { ...op.ctx, where: `${op.name} body` }).map((value) => ({
    kind: 'json',
    value,
    contentType: JSON_TYPE,
  }));
}

const jsonOf = (d: Draft): unknown => (d.body.kind === 'json' ? d.body.value : undefined);

/** The mutations that apply to an operation, each changing one thing of a valid request. */
function mutations(op: Operation): Array<{ arbitrary: fc.Arbitrary<Mutation>; weight: number }> {
  const out: Array<{ arbitrary: fc.Arbitrary<Mutation>; weight: number }> = [];
  const add = (weight: number, arbitrary: fc.Arbitrary<Mutation>) => out.push({ arbitrary, weight });
  const content = bodyContent(op);
  const where = (w: string) => ({ ...op.ctx, where: `${op.name} ${w}` });

  add(2, fc.constant({ label: 'schema-valid request', apply: (d) => d }));

  if (content?.type === JSON_TYPE) {
    const paths = fieldPaths(content.schema, where('body'));
    if (paths.length > 0) {
      add(
        5,
        fc.constantFrom(...paths).chain((path) =>
          invalid(schemaAt(content.schema, path, where('body')), where(`body.${path.join('.')}`)).map((value) => ({
            label: `body.${path.join('.')} = ${describeValue(value)}`,
            apply: (d: Draft): Draft => ({
              ...d,
              body: { kind: 'json', value: setAt(jsonOf(d), path, value), contentType: JSON_TYPE },
            }),
          })),
        ),
      );
    }
    const textPaths = paths.filter((path) => acceptsText(schemaAt(content.schema, path, where('body')), where('body')));
    if (textPaths.length > 0) {
      add(
        8,
        fc.constantFrom(...textPaths).chain((path) =>
          hostileButValid(schemaAt(content.schema, path, where('body')), where(`body.${path.join('.')}`)).map(
            (value) => ({
              label: `body.${path.join('.')} = ${describeValue(value)} (passes the schema)`,
              apply: (d: Draft): Draft => ({
                ...d,
                body: { kind: 'json', value: setAt(jsonOf(d), path, value), contentType: JSON_TYPE },
              }),
            }),
          ),
        ),
      );
    }
    const required = normalise(content.schema, where('body')).required ?? [];
    if (required.length > 0) {
      add(
        1,
        fc.constantFrom(...required).map((key) => ({
          label: `body.${key} missing`,
          apply: (d: Draft): Draft => ({
            ...d,
            body: { kind: 'json', value: removeAt(jsonOf(d), key), contentType: JSON_TYPE },
          }),
        })),
      );
    }
    add(
      1,
      fc.tuple(hostileKey, hostileJsonValue).map(([key, value]) => ({
        label: `unknown body key ${describeValue(key, 60)} = ${describeValue(value, 60)}`,
        apply: (d: Draft): Draft => {
          const base = jsonOf(d);
          const obj = base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...(base as object) } : {};
          Object.defineProperty(obj, key, { value, enumerable: true, configurable: true, writable: true });
          return { ...d, body: { kind: 'json', value: obj, contentType: JSON_TYPE } };
        },
      })),
    );
    add(
      1,
      hostileJsonValue.map((value) => ({
        label: `whole body = ${describeValue(value)}`,
        apply: (d: Draft): Draft => ({ ...d, body: { kind: 'json', value, contentType: JSON_TYPE } }),
      })),
    );
  }
  if (content?.type === MULTIPART_TYPE) add(6, multipartHostile(multipartFields(op, content.schema)));

  add(
    2,
    badJsonTexts.map((data) => ({
      label: `body text ${describeValue(typeof data === 'string' ? data : `bytes ${data.toString('hex')}`)} as JSON`,
      apply: (d: Draft): Draft => ({ ...d, body: { kind: 'raw', data, contentType: JSON_TYPE } }),
    })),
  );
  if (content) {
    add(
      2,
      wrongContentTypes.map((type) => ({
        label: `body sent as content type ${describeValue(type, 60)}`,
        apply: (d: Draft): Draft => {
          const data = d.body.kind === 'json' ? toJsonText(d.body.value) : d.body.kind === 'raw' ? d.body.data : '';
          return { ...d, body: { kind: 'raw', data, contentType: type } };
        },
      })),
    );
    add(
      1,
      fc.constantFrom(JSON_TYPE, undefined, MULTIPART_TYPE).map((type) => ({
        label: `no body${type ? ` with content type ${type}` : ''}`,
        apply: (d: Draft): Draft => ({ ...d, body: { kind: 'raw', data: '', contentType: type } }),
      })),
    );
  }

  const pathParams = op.params.filter((p) => p.in === 'path');
  for (const p of pathParams) {
    add(
      1,
      hostileButValid(p.schema, where(p.name)).map((value) => ({
        label: `path ${p.name} = ${describeValue(asText(value))} (passes the schema)`,
        apply: (d: Draft): Draft => ({ ...d, pathValues: { ...d.pathValues, [p.name]: asText(value) } }),
      })),
    );
    add(
      2,
      invalid(p.schema, where(p.name)).map((value) => ({
        label: `path ${p.name} = ${describeValue(asText(value))}`,
        apply: (d: Draft): Draft => ({ ...d, pathValues: { ...d.pathValues, [p.name]: asText(value) } }),
      })),
    );
    add(
      2,
      (op.wildcard === p.name ? badWildcards : badPathSegments).map((raw) => ({
        label: `path ${p.name} sent raw as ${describeValue(raw)}`,
        apply: (d: Draft): Draft => ({ ...d, rawPathValues: { ...d.rawPathValues, [p.name]: raw } }),
      })),
    );
  }

  const queryParams = op.params.filter((p) => p.in === 'query');
  if (queryParams.length > 0) {
    const names = queryParams.map((p) => p.name);
    add(
      2,
      fc.constantFrom(...queryParams).chain((p) =>
        hostileButValid(p.schema, where(p.name)).map((value) => ({
          label: `query ${p.name} = ${describeValue(value)} (passes the schema)`,
          apply: (d: Draft): Draft => ({
            ...d,
            query: [...d.query.filter(([k]) => k !== p.name), [p.name, asText(value)]],
          }),
        })),
      ),
    );
    add(
      3,
      fc.constantFrom(...queryParams).chain((p) =>
        invalid(p.schema, where(p.name)).map((value) => ({
          label: `query ${p.name} = ${describeValue(value)}`,
          apply: (d: Draft): Draft => ({
            ...d,
            query: [
              ...d.query.filter(([k]) => k !== p.name),
              ...(Array.isArray(value) ? value : [value]).map((v): [string, string] => [p.name, asText(v)]),
            ],
          }),
        })),
      ),
    );
    add(
      2,
      fc
        .tuple(fc.constantFrom(...names), badQueryValues, fc.constantFrom('value', 'repeated', 'brackets'))
        .map(([name, raw, how]) => ({
          label: `query ${name} ${how} sent raw as ${describeValue(raw)}`,
          apply: (d: Draft): Draft => {
            const key = encodeUriAny(name);
            const text =
              how === 'repeated'
                ? `${key}=${raw}&${key}=${raw}`
                : how === 'brackets'
                  ? `${key}[]=${raw}&${key}[x]=1`
                  : `${key}=${raw}`;
            return { ...d, query: d.query.filter(([k]) => k !== name), rawQuery: text };
          },
        })),
    );
    const required = queryParams.filter((p) => p.required);
    if (required.length > 0) {
      add(
        1,
        fc.constantFrom(...required).map((p) => ({
          label: `query ${p.name} missing`,
          apply: (d: Draft): Draft => ({ ...d, query: d.query.filter(([k]) => k !== p.name) }),
        })),
      );
    }
  }
  add(
    1,
    queryNoise.map((raw) => ({
      label: `query noise ${describeValue(raw)}`,
      apply: (d: Draft): Draft => ({ ...d, rawQuery: raw }),
    })),
  );
  add(
    2,
    hostileHeaders.map((headers) => ({
      label: `headers ${describeValue(headers)}`,
      apply: (d: Draft): Draft => ({ ...d, headers: { ...d.headers, ...headers } }),
    })),
  );
  return out;
}

function encodePath(op: Operation, d: Draft): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const raw = d.rawPathValues[name];
    if (raw !== undefined) return raw;
    const value = d.pathValues[name] ?? '';
    // a wildcard keeps its slashes; any other parameter is one segment
    return name === op.wildcard ? value.split('/').map(encodeUriAny).join('/') : encodeUriAny(value);
  });
}

function encode(op: Operation, d: Draft, remoteAddress: string, label: string): FuzzCase {
  const query = [
    ...d.query.map(([k, v]) => `${encodeUriAny(k)}=${encodeUriAny(v)}`),
    ...(d.rawQuery ? [d.rawQuery] : []),
  ].join('&');
  const headers = { ...d.headers };
  let payload: string | Buffer | undefined;
  if (d.body.kind === 'json') {
    payload = toJsonText(d.body.value);
    headers['content-type'] = d.body.contentType;
  } else if (d.body.kind === 'raw') {
    payload = d.body.data;
    if (d.body.contentType !== undefined) headers['content-type'] = d.body.contentType;
  }
  return {
    label,
    method: op.method,
    url: `${encodePath(op, d)}${query ? `?${query}` : ''}`,
    headers,
    payload,
    remoteAddress,
  };
}

/** Requests for one operation: a valid baseline with one thing changed, from a loopback address of its own. */
export function caseArbitrary(op: Operation): fc.Arbitrary<FuzzCase> {
  return fc
    .tuple(validDraft(op), fc.oneof(...mutations(op)), clientAddress)
    .map(([draft, mutation, address]) => encode(op, mutation.apply(draft), address, mutation.label));
}

/** Raw requests for routes outside the document (the WebSocket upgrade, the reference UI): path, query, headers. */
export function rawRouteCaseArbitrary(method: string, url: string): fc.Arbitrary<FuzzCase> {
  const prefix = url.replace(/\/\*$/, '');
  const wildcard = url.endsWith('*');
  return fc
    .tuple(
      fc.oneof(
        fc.constant({ label: 'plain request', path: wildcard ? `${prefix}/index.html` : url, query: '', headers: {} }),
        queryNoise.map((q) => ({
          label: `query ${describeValue(q)}`,
          path: wildcard ? `${prefix}/x` : url,
          query: q,
          headers: {},
        })),
        hostileHeaders.map((h) => ({
          label: `headers ${describeValue(h)}`,
          path: wildcard ? `${prefix}/x` : url,
          query: '',
          headers: h,
        })),
        ...(wildcard
          ? [
              badWildcards.map((w) => ({
                label: `path ${describeValue(w)}`,
                path: `${prefix}/${w}`,
                query: '',
                headers: {},
              })),
            ]
          : []),
        fc
          .constantFrom<Record<string, string>>(
            {
              upgrade: 'websocket',
              connection: 'Upgrade',
              'sec-websocket-version': '13',
              'sec-websocket-key': 'garbage',
            },
            { upgrade: 'websocket', connection: 'Upgrade', 'sec-websocket-protocol': 'x, , ,' },
          )
          .map((h) => ({
            label: `upgrade headers ${describeValue(h)}`,
            path: url.replace(/\*$/, 'x'),
            query: '',
            headers: h,
          })),
        hostileString.map((v) => ({
          label: `access_token query ${describeValue(v)}`,
          path: url.replace(/\*$/, 'x'),
          query: `access_token=${encodeUriAny(v)}`,
          headers: {},
        })),
      ),
      clientAddress,
    )
    .map(([c, remoteAddress]) => ({
      label: c.label,
      method,
      url: `${c.path}${c.query ? `?${c.query}` : ''}`,
      headers: c.headers,
      payload: undefined,
      remoteAddress,
    }));
}

/** Requests to addresses no route answers, under /api and beside it. */
export const unknownRouteCaseArbitrary: fc.Arbitrary<FuzzCase> = fc
  .tuple(
    fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
    fc.oneof(
      fc.constantFrom(
        '/api/nope',
        '/api/customer/nope',
        '/api/%00',
        '/api/%',
        '/api/..%2F..%2Fetc%2Fpasswd',
        '/api//customer',
        '/api/customer/login/',
      ),
      badPathSegments.map((s) => `/api/${s}`),
      fc.webPath().map((p) => `/api/zz${p}`),
    ),
    clientAddress,
  )
  .map(([method, url, remoteAddress]) => ({
    label: `unknown address ${describeValue(url)}`,
    method,
    url,
    headers: {},
    payload: undefined,
    remoteAddress,
  }));
