/**
 * The CPU lane of a request: password hashing and verification (lib/crypto.ts) run through the app's CPU gate
 * as the requesting client (its IP), and a refusal becomes the envelope rate_limited with retry_after. A
 * refusal computed nothing, so a guess reserved for this request is released, not counted (see guess.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { CpuLane } from '../lib/crypto';
import { CpuGateRefusal } from '../lib/cpu-gate';
import { rateLimited } from './envelope';

export function cpuLane(ctx: { request: FastifyRequest }): CpuLane {
  const { request } = ctx;
  return (work) =>
    request.server.cpuGate.run(request.ip, work).catch((err: unknown) => {
      throw err instanceof CpuGateRefusal ? rateLimited(err.retryAfter) : err;
    });
}
