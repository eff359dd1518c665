import type { FastifyDynamicSwaggerOptions, SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { errorBodySchema } from '@tradedesk/contracts';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { globalRegistry, type ZodType, z } from 'zod';

/**
 * The API reference is a contract generated clients rely on (`redocly lint` runs on it in `npm test`,
 * see redocly.yaml). What every operation needs is filled in here, once, so a new route is documented
 * completely without extra work:
 * - `operationId`: camelCase of method and path (`PUT /api/customer/settings/general` ->
 *   `putCustomerSettingsGeneral`) unless the route names one;
 * - `security`: the bearer and cookie schemes when the route is guarded by `app.authenticate` (the trading token and
 *   cookies with `app.authenticateTrading`); those or none
 *   (`{}` first) with `app.authenticateOptional` (public, more for a signed-in caller); otherwise an explicit `[]`
 *   (callable signed out) unless the route declares its own;
 * - the error answers every route can give, all with the one error body (`ErrorBody`), unless the route
 *   documents that status itself;
 * - a wildcard path (`/files/*`) becomes a named parameter (`/files/{path}`).
 */

const ERROR_BODY_ID = 'ErrorBody';
// One component for every error answer, so a generated client has one error type.
if (!globalRegistry.has(errorBodySchema)) {
  globalRegistry.add(errorBodySchema, {
    id: ERROR_BODY_ID,
    description:
      'Body of every error answer: the HTTP status, a stable code (e.g. VALIDATION_FAILED) and a message; ' +
      'validation errors name the field and say why.',
  });
}

/** How a wildcard (`*`) parameter is named in the document. */
export const WILDCARD_PARAM = 'path';

const securitySchemes = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Main access token (`return_tokens: true` on sign-in answers it), as `Authorization: Bearer <token>`',
  },
  cookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'access_token',
    description: 'The HttpOnly session cookie set by sign-in (browsers)',
  },
  tradingBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Trading access token (`tradingAccessToken` of a sign-in with `return_tokens: true`)',
  },
  tradingCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'trading_access_token',
    description: 'The HttpOnly trading session cookie set by sign-in (browsers; the main session cookie works too)',
  },
} as const;
const signedIn: Array<Record<string, string[]>> = [{ bearer: [] }, { cookie: [] }];
/** The trading calls (`app.authenticateTrading`): the trading token, or a browser's session cookies. */
const tradingSignedIn: Array<Record<string, string[]>> = [{ tradingBearer: [] }, { tradingCookie: [] }, { cookie: [] }];

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const errorAnswers = {
  400: 'Bad request: a field is invalid (VALIDATION_FAILED, the message names the field and says why), or the request is malformed (body that is not JSON, bad URL encoding)',
  401: 'Not signed in: the access token is missing, invalid or expired, or its session was signed out',
  404: 'Not found: nothing answers to this address for the caller',
  413: 'Payload too large: the body is larger than the route accepts',
  415: 'Unsupported media type: send the body with the content type the route documents',
  429: 'Too many requests: wait the number of seconds in Retry-After',
  '4XX': 'Any other client error, with the same body (e.g. 403 for a cross-site request, 431 for oversized headers)',
  '5XX': 'Server error (the message hides the detail) or a dependency is unavailable (503)',
} as const;

type ResponseEntry = { description: string; content: Record<string, { schema: ZodType }> };

const errorResponse = (description: string): ResponseEntry => ({
  description,
  content: { 'application/json': { schema: errorBodySchema } },
});

/** The error body schema, or one derived from it by `.describe()` / `.meta()`; with that one's own description. */
function asErrorBody(schema: unknown): { description: string | undefined } | undefined {
  for (let current: unknown = schema; current instanceof z.ZodType; current = current._zod.parent) {
    if (current !== errorBodySchema) continue;
    const description = schema instanceof z.ZodType ? schema.description : undefined;
    // the base schema's own description is the component's, not this answer's
    return { description: description === errorBodySchema.description ? undefined : description };
  }
  return undefined;
}

const hooksOf = (route: RouteOptions): unknown[] =>
  [route.onRequest, route.preParsing, route.preValidation, route.preHandler].flatMap((h) =>
    h === undefined ? [] : Array.isArray(h) ? h : [h],
  );

/** `GET /api/profile/username/:username` -> `getProfileUsernameByUsername`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      if (segment === '*') return ['by', WILDCARD_PARAM];
      const param = segment.startsWith(':') ? segment.slice(1) : undefined;
      const parts = (param ?? segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
      return param ? ['by', ...parts] : parts;
    });
  const pascal = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return `${method.toLowerCase()}${pascal}`;
}

/** The documented error answers of a route that does not document them itself. */
function defaultErrorAnswers(schema: FastifySchema, route: RouteOptions, guarded: boolean) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const takesBody = schema.body !== undefined || methods.some((m) => bodyMethods.has(m));
  const config = route.config as { rateLimit?: unknown } | undefined;
  const out: Record<string, ResponseEntry> = { 400: errorResponse(errorAnswers[400]) };
  if (guarded) out[401] = errorResponse(errorAnswers[401]);
  if (schema.params !== undefined || route.url.includes(':') || route.url.includes('*')) {
    out[404] = errorResponse(errorAnswers[404]);
  }
  if (takesBody) {
    out[413] = errorResponse(errorAnswers[413]);
    out[415] = errorResponse(errorAnswers[415]);
  }
  if (config?.rateLimit) out[429] = errorResponse(errorAnswers[429]);
  out['4XX'] = errorResponse(errorAnswers['4XX']);
  out['5XX'] = errorResponse(errorAnswers['5XX']);
  return out;
}

/** The per-route transform: completes the route's schema, then converts it with the zod provider's transform. */
export function createRouteTransform(app: FastifyInstance): SwaggerTransform {
  return (input) => {
    const { route } = input;
    const schema = input.schema as (FastifySchema & Record<string, unknown>) | undefined;
    if (!schema || schema.hide) return jsonSchemaTransform(input);

    const hooks = hooksOf(route);
    const trading = typeof app.authenticateTrading === 'function' && hooks.includes(app.authenticateTrading);
    const guarded = trading || (typeof app.authenticate === 'function' && hooks.includes(app.authenticate));
    const optional =
      typeof app.authenticateOptional === 'function' && hooks.includes(app.authenticateOptional) && !guarded;
    const declared = (schema.response ?? {}) as Record<string, unknown>;
    const response: Record<string, unknown> = { ...defaultErrorAnswers(schema, route, guarded || optional) };
    for (const [status, answer] of Object.entries(declared)) {
      const error = asErrorBody(answer);
      response[status] = error
        ? errorResponse(error.description ?? errorAnswers[status as keyof typeof errorAnswers] ?? 'Error')
        : answer;
    }
    const method = Array.isArray(route.method) ? route.method[0]! : route.method;
    const completed = {
      operationId: operationIdOf(method, route.url),
      security: trading ? tradingSignedIn : guarded ? signedIn : optional ? [{}, ...signedIn] : [],
      ...schema,
      response,
    };
    const result = jsonSchemaTransform({ ...input, schema: completed });
    if (!route.url.includes('*')) return result;
    return { schema: renameWildcard(result.schema), url: result.url.replace('*', `:${WILDCARD_PARAM}`) };
  };
}

/** OpenAPI has no wildcard: the `*` parameter becomes `path` (the rest of the URL, `/` included). */
function renameWildcard(schema: FastifySchema): FastifySchema {
  const params = schema.params as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  if (!params?.properties || !('*' in params.properties)) return schema;
  const { '*': wildcard, ...rest } = params.properties;
  return {
    ...schema,
    params: {
      ...params,
      properties: {
        ...rest,
        [WILDCARD_PARAM]: {
          ...(wildcard as object),
          description: 'The rest of the path after the prefix; it may contain `/`',
        },
      },
      required: params.required?.map((name) => (name === '*' ? WILDCARD_PARAM : name)),
    },
  };
}

/** Every `$ref` target in a document. */
function referencedComponents(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const v of value) referencedComponents(v, found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') found.add(v);
      else referencedComponents(v, found);
    }
  }
  return found;
}

/**
 * The document-wide transform: component schemas of the zod registry (ErrorBody, ...), minus those no
 * operation uses (the provider emits an input and an output variant of each).
 */
export const transformDocument: SwaggerTransformObject = (document) => {
  const out = jsonSchemaTransformObject(document);
  if (!('components' in out) || !out.components?.schemas) return out;
  // a fresh object built by the call above: pruning it in place touches nothing shared
  const schemas: Record<string, unknown> = out.components.schemas;
  const used = referencedComponents(Object.entries(out).filter(([key]) => key !== 'components'));
  // components may refer to each other: add what the used ones refer to, until nothing is added
  for (let added = true; added; ) {
    added = false;
    for (const [name, schema] of Object.entries(schemas)) {
      if (!used.has(`#/components/schemas/${name}`)) continue;
      for (const ref of referencedComponents(schema)) {
        if (!used.has(ref)) {
          used.add(ref);
          added = true;
        }
      }
    }
  }
  for (const name of Object.keys(schemas)) if (!used.has(`#/components/schemas/${name}`)) delete schemas[name];
  return out;
};

/** Options of @fastify/swagger for the app's reference at /api/docs. */
export function openApiOptions(app: FastifyInstance): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'TradeDesk API',
        description:
          'Every route of the trading platform. Bodies and queries are snake_case, responses camelCase. ' +
          'Authenticate with the session cookies set by POST /api/customer/login, or with `Authorization: Bearer <access token>` ' +
          '(ask login for tokens in the body with `return_tokens: true`). Every error answer has the body ' +
          '`{ statusCode, code, message, details? }`.',
        version: '1.0.0',
      },
      // relative: the paths are served by the origin that serves this document, whatever name it is reached by
      servers: [{ url: '/', description: 'The origin serving this document' }],
      components: { securitySchemes },
    },
    transform: createRouteTransform(app),
    transformObject: transformDocument,
  };
}
