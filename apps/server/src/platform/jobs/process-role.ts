import type { FastifyInstance } from 'fastify';
import type { Role } from '../../config.js';
import { AppError } from '../errors.js';

/** `api` serves clients and leaves singleton work to workers; `worker` does the reverse; `all` both. */
export const servesClients = (role: Role): boolean => role !== 'worker';
export const runsSingletonJobs = (role: Role): boolean => role !== 'api';

/** The only routes a worker answers: the load balancer and the orchestrator still probe it. */
const WORKER_PATHS = new Set(['/api/health', '/api/ready']);

/**
 * A worker builds every module (their jobs and services need each other) but answers only the
 * probes, so a misrouted client gets a clear 404 rather than a half-working API.
 */
export function restrictToWorkerRoutes(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const path = (request.url.split('?')[0] ?? '').replace(/\/+$/, '');
    if (WORKER_PATHS.has(path)) return;
    throw new AppError(
      'NOT_FOUND',
      'not_found',
      'There is nothing at this address: this process runs with --role=worker.',
    );
  });
}
