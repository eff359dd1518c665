import type { FastifyReply, FastifyRequest } from 'fastify';

/** Who is calling: set on the request by the `authenticate` guard. */
export type AuthContext = { userId: string; sessionId: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 unless a valid main access token (cookie or `Authorization: Bearer`) of a live session. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * preHandler of public routes that answer more to a signed-in caller: no credentials sent, `request.auth`
     * stays null; credentials sent are checked as by `authenticate` (401 when not valid, so a client refreshes
     * its token instead of silently getting the signed-out answer).
     */
    authenticateOptional: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * preHandler of the trading calls: 401 unless a valid trading access token (`Authorization: Bearer` or its
     * cookie) of a live session; a browser may send its main session cookie instead.
     */
    authenticateTrading: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The caller of a main access token when it is valid and its session is live; null otherwise (WebSocket connect). */
    verifyAccessToken: (token: string) => Promise<AuthContext | null>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The authenticated caller, for handlers behind `app.authenticate`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('route is missing the authenticate guard');
  return request.auth;
}
