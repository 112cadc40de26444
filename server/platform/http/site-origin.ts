import type { FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';

export function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Whether a URL or origin belongs to this site: its host is the request's own Host (X-Forwarded-Host
 * behind TRUST_PROXY) or that of PUBLIC_BASE_URL. The scheme is not compared, so a TLS-terminating
 * proxy without TRUST_PROXY does not make every write "foreign".
 */
export function isOwnUrl(request: FastifyRequest, config: Config, url: string): boolean {
  const host = url === 'null' ? null : hostOf(url);
  if (!host) return false;
  const own = [hostOf(`${request.protocol}://${request.host}`), config.publicBaseUrl ? hostOf(config.publicBaseUrl) : null];
  return own.includes(host);
}
