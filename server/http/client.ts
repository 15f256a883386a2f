/**
 * The client a request comes from, as every per-client limit keys it (lib/client-key.ts): Fastify's request.ip,
 * which is the socket's address unless that socket is a trusted reverse proxy (TRUST_PROXY, trust-proxy.ts), in
 * which case it is the client the proxies name; IPv4-mapped IPv6 as IPv4, other IPv6 as its /64.
 */
import type { FastifyRequest } from 'fastify';
import { clientKey } from '../lib/client-key';

export const clientAddressOf = (request: FastifyRequest): string => request.ip;

export const clientOf = (request: FastifyRequest): string => clientKey(clientAddressOf(request));
