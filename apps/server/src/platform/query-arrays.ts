import type { FastifyRequest } from 'fastify';

/** `symbols[]=a&symbols[]=b` (as many HTTP clients write arrays) read as `symbols=a&symbols=b`. */
export async function foldArrayKeys(request: FastifyRequest) {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || typeof query !== 'object') return;
  const keys = Object.keys(query).filter((k) => k.endsWith('[]'));
  if (keys.length === 0) return;
  const out: Record<string, unknown> = { ...query };
  for (const k of keys) {
    const name = k.slice(0, -2);
    const add = Array.isArray(out[k]) ? (out[k] as unknown[]) : [out[k]];
    const had = out[name] === undefined ? [] : Array.isArray(out[name]) ? (out[name] as unknown[]) : [out[name]];
    out[name] = [...had, ...add];
    delete out[k];
  }
  request.query = out;
}
