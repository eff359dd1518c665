import { WILDCARD_PARAM } from '../../src/platform/openapi.js';
import type { JsonSchema, SchemaContext } from './json-schema.js';

/** One operation of the OpenAPI document, as the fuzz suite needs it. */
export type Operation = {
  /** `PUT /api/profile`, as in the document. */
  name: string;
  method: string;
  /** The document's path template, e.g. `/api/profile/username/{username}`. */
  path: string;
  params: Array<{ name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: JsonSchema }>;
  body: { required: boolean; contents: Array<{ type: string; schema: JsonSchema }> } | undefined;
  /** Security requirements are non-empty: the route needs a signed-in caller. */
  guarded: boolean;
  /** The parameter that stands for a Fastify wildcard (`*`): the rest of the path, slashes included. */
  wildcard?: string;
  ctx: SchemaContext;
};

type DocOperation = {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  security?: Array<Record<string, string[]>>;
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, DocOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
  security?: Array<Record<string, string[]>>;
};

const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);

/** Every operation of the document; a parameter in a place the suite cannot fill (cookie) throws. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const components = doc.components?.schemas ?? {};
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.has(method))
      .map(([method, op]): Operation => {
        const name = `${method.toUpperCase()} ${path}`;
        const params = (op.parameters ?? []).map((p): Operation['params'][number] => {
          const place = p.in;
          if (place !== 'path' && place !== 'query' && place !== 'header') {
            throw new Error(`${name}: parameter ${p.name} in ${place} is not supported by the fuzz suite`);
          }
          return { name: p.name, in: place, required: p.required === true || place === 'path', schema: p.schema ?? {} };
        });
        const content = op.requestBody?.content;
        return {
          name,
          method: method.toUpperCase(),
          path,
          params,
          body: content
            ? {
                required: op.requestBody?.required === true,
                contents: Object.entries(content).map(([type, c]) => ({ type, schema: c.schema ?? {} })),
              }
            : undefined,
          guarded: (op.security ?? doc.security ?? []).length > 0,
          ctx: { components, where: name },
        };
      }),
  );
}

/** The document's form of a Fastify route URL: `:id` -> `{id}`, `*` -> `{path}` (see platform/openapi.ts). */
export function documentPathOf(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace('*', `{${WILDCARD_PARAM}}`);
}
