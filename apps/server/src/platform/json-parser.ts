import type { FastifyInstance } from 'fastify';

/**
 * The JSON body parser: Fastify's own (secure-json-parse, so `__proto__` and `constructor.prototype` keys are
 * refused, within the app's body limit), except that an empty body parses to `undefined`. Browsers and common
 * HTTP clients send `Content-Type: application/json` on body-less calls (DELETE, logout, refresh); such a call
 * reaches its route with no body instead of failing with FST_ERR_CTP_EMPTY_JSON_BODY. Routes that need a body
 * say so through their schema ("The request body is required.").
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.length === 0) {
      done(null, undefined);
      return;
    }
    parse(request, text, done);
  });
}
