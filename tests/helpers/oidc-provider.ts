import { createServer, type IncomingMessage, type Server } from 'node:http';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider) for the single sign-on tests, API and end-to-end.
 * Accounts are claim sets by subject. When `autoLogin` names a subject, the provider signs that
 * account in without a page; otherwise it shows a one-field login form (账号) that a browser fills.
 * Consent is granted automatically, as a government SSO does for its own portals.
 */
export interface OidcAccount {
  sub: string;
  name?: string;
  phone_number?: string;
  phone_number_verified?: boolean;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, OidcAccount>;
  autoLogin: string | null;
  close(): Promise<void>;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startOidcProvider(opts: {
  port?: number;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  client?: { id: string; secret: string };
}): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const issuer = `http://127.0.0.1:${port}`;
  const state: TestOidcProvider = {
    issuer,
    clientId: opts.client?.id ?? 'portal-test',
    clientSecret: opts.client?.secret ?? 'portal-test-secret-0123456789abcdef',
    accounts: new Map(),
    autoLogin: null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: state.clientId,
        client_secret: state.clientSecret,
        redirect_uris: opts.redirectUris,
        post_logout_redirect_uris: opts.postLogoutRedirectUris ?? opts.redirectUris.map((u) => new URL('/', u).toString()),
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], profile: ['name'], phone: ['phone_number', 'phone_number_verified'] },
    scopes: ['openid', 'profile', 'phone'],
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    ttl: { Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, Interaction: 600, AuthorizationCode: 60 },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    async findAccount(_ctx: unknown, sub: string) {
      const account = state.accounts.get(sub);
      return account ? { accountId: sub, claims: async () => ({ ...account }) } : undefined;
    },
  });
  provider.on('server_error', () => {});
  const callback = provider.callback();

  server.on('request', async (req, res) => {
    try {
      const m = /^\/interaction\/([^/?]+)(\/login)?/.exec(req.url ?? '');
      if (!m) return callback(req, res);
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        let sub = state.autoLogin;
        if (!sub && m[2] && req.method === 'POST') sub = (await formBody(req)).get('account');
        if (!sub || !state.accounts.has(sub)) {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          return res.end(
            `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>统一身份认证</title><body><h1>统一身份认证平台</h1>` +
              `<form method="post" action="/interaction/${m[1]}/login"><label>账号 <input name="account" autocomplete="off"></label>` +
              `<button type="submit">登录</button></form></body></html>`,
          );
        }
        return provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
      }
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    } catch (err) {
      res.statusCode = 500;
      res.end(String(err));
    }
  });
  return state;
}

/**
 * Follows the provider's redirects like a browser (keeping its cookies) until it sends the browser
 * back to `callbackPrefix`; returns that URL (with code, state, iss).
 */
export async function followToCallback(startUrl: string, callbackPrefix: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = startUrl;
  for (let hop = 0; hop < 15; hop++) {
    if (url.startsWith(callbackPrefix)) return new URL(url);
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects');
}
