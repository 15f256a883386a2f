/**
 * The client a request comes from, as every per-client limit keys it (lib/client-key.ts): its socket's address
 * (never request.ip with a proxy's header believed), IPv4-mapped IPv6 as IPv4, other IPv6 as its /64.
 */
import type { FastifyRequest } from 'fastify';
import { clientKey } from '../lib/client-key';

export const clientOf = (request: FastifyRequest): string => clientKey(request.raw.socket?.remoteAddress);
