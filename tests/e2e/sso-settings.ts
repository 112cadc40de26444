/**
 * Single sign-on of the end-to-end server: the provider is an oidc-provider that
 * tests/e2e/accounts.spec.ts starts on E2E_PORT + 1000; the portal discovers it on first use,
 * so the other journeys never need it running.
 */
export const E2E_SSO_CLIENT = { id: 'portal-test', secret: 'portal-test-secret-0123456789abcdef' };
export const e2eSsoPort = (port: number) => port + 1000;

export function e2eSsoEnv(port: number) {
  return { SSO_ISSUER: `http://127.0.0.1:${e2eSsoPort(port)}`, SSO_CLIENT_ID: E2E_SSO_CLIENT.id, SSO_CLIENT_SECRET: E2E_SSO_CLIENT.secret };
}
