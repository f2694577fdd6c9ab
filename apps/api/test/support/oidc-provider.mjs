/* global process */
// A real OpenID provider (oidc-provider) for the sign-in tests, in a process of its own.
// Reads OIDC_TEST_CONFIG (JSON: { clientId, clientSecret, redirectUri, postLogoutRedirectUri, accounts: { sub: claims } }),
// listens on 127.0.0.1 on a free port and prints `listo <issuer>` once it serves.
import Provider from 'oidc-provider';

const cfg = JSON.parse(process.env.OIDC_TEST_CONFIG ?? '{}');
const server = (await import('node:http')).createServer();
await new Promise((resolve) => server.listen(cfg.port ?? 0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: cfg.clientId,
      client_secret: cfg.clientSecret,
      redirect_uris: [cfg.redirectUri],
      post_logout_redirect_uris: cfg.postLogoutRedirectUri ? [cfg.postLogoutRedirectUri] : [],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  pkce: { required: () => true },
  scopes: ['openid', 'profile', 'email', 'groups'],
  claims: {
    openid: ['sub'],
    profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    email: ['email', 'email_verified'],
    groups: ['groups'],
  },
  // The claims go in the ID token too, as most company providers do.
  conformIdTokenClaims: false,
  findAccount: (_ctx, id) => {
    const claims = cfg.accounts?.[id];
    if (!claims) return undefined;
    return { accountId: id, claims: () => ({ sub: id, ...claims }) };
  },
  cookies: { keys: ['clave-de-las-cookies-de-prueba'] },
});
provider.proxy = false;
server.on('request', provider.callback());
process.stdout.write(`listo ${issuer}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
