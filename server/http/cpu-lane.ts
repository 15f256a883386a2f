/**
 * The CPU lane of a request: password hashing and verification (lib/crypto.ts) run through the app's CPU gate,
 * in the signed-in lane as the merchant when the request has a session, else in the anonymous lane as the
 * requesting client (its address, an IPv6 client's /64: http/client.ts); a refusal becomes the envelope
 * rate_limited with retry_after. A refusal computed nothing, so a guess reserved for this request is released, not
 * counted (see guess.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { CpuLane } from '../lib/crypto';
import { CpuGateRefusal, networkOf, type CpuClient } from '../lib/cpu-gate';
import { clientAddressOf, clientOf } from './client';
import { rateLimited } from './envelope';

export function cpuLane(ctx: { request: FastifyRequest; user?: { id: number } | null }): CpuLane {
  const { request, user } = ctx;
  const network = networkOf(clientAddressOf(request) ?? '');
  const client: CpuClient = user
    ? { lane: 'signedIn', key: `user:${user.id}`, network }
    : { lane: 'anonymous', key: clientOf(request), network };
  return (work) =>
    request.server.cpuGate.run(client, work).catch((err: unknown) => {
      throw err instanceof CpuGateRefusal ? rateLimited(err.retryAfter) : err;
    });
}
