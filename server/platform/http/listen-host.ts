import net from 'node:net';

/** `::` with dual stack: one socket answers IPv6 and IPv4 (as ::ffff:a.b.c.d) alike. */
export const DUAL_STACK_HOST = '::';
const IPV4_ONLY_HOST = '0.0.0.0';

/** Whether this machine can open an IPv6 socket at all (a kernel or container without IPv6 cannot). */
function canListenOnIpv6(): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port: 0, host: DUAL_STACK_HOST }, () => probe.close(() => resolve(true)));
  });
}

/**
 * The address to listen on. Government sites must answer over IPv6 (the 普查 indicators), so the
 * default is `::`; on a machine without IPv6 that would stop the portal from starting at all, so
 * it falls back to every IPv4 address there. Any other HOST is taken as given.
 */
export async function listenHost(configured: string): Promise<string> {
  if (configured !== DUAL_STACK_HOST) return configured;
  return (await canListenOnIpv6()) ? DUAL_STACK_HOST : IPV4_ONLY_HOST;
}
