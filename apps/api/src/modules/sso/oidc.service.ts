import { Inject, Injectable, Logger } from '@nestjs/common';
import * as client from 'openid-client';
import { MESSAGES } from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import { AppException } from '../../common/http/app-exception';
import type { DirectoryIdentity } from '../users/directory-users.service';
import type { OidcSettings } from './sso-config';
import { OidcRepository } from './oidc.repository';

/** How long a person has to sign in at the provider and come back. */
export const OIDC_ATTEMPT_SECONDS = 600;

/** Why a sign-in through the provider did not finish, as the login screen names it (`?sso_error=`). */
export type OidcFailure = 'estado' | 'proveedor' | 'no_disponible';

export class OidcError extends Error {
  constructor(readonly code: OidcFailure, message: string) {
    super(message);
  }
}

const loopback = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);

/**
 * OpenID Connect, authorization code flow with PKCE, state and nonce (openid-client). The state
 * is bound to the browser by a cookie; the nonce and verifier stay on the server, single use.
 */
@Injectable()
export class OidcService {
  private readonly logger = new Logger('OIDC');
  private readonly settings: OidcSettings | null;
  private discovered: Promise<client.Configuration> | null = null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly repo: OidcRepository,
  ) {
    this.settings = config.sso.oidc;
  }

  get enabled(): boolean {
    return this.settings !== null;
  }

  get name(): string | null {
    return this.settings?.name ?? null;
  }

  /** The issuer as the provider names itself (its ID tokens' `iss`): where an administrator's link points. */
  async issuer(): Promise<string> {
    try {
      return (await this.configuration()).serverMetadata().issuer;
    } catch (err) {
      this.logger.warn(`No se pudo consultar el proveedor ${this.settings!.issuer}: ${(err as Error).message}`);
      throw new AppException(503, MESSAGES.errors.ssoProviderUnavailable);
    }
  }

  private configuration(): Promise<client.Configuration> {
    const s = this.settings!;
    this.discovered ??= client
      .discovery(new URL(s.issuer), s.clientId, s.clientSecret, undefined, {
        // Plain http only for a provider on this machine (tests, a local Keycloak).
        ...(loopback(s.issuer) ? { execute: [client.allowInsecureRequests] } : {}),
        timeout: 10,
      })
      .catch((err: unknown) => {
        this.discovered = null;
        throw err;
      });
    return this.discovered;
  }

  /** Where to send the browser, and the state its cookie must carry back; `compartido`: «Dispositivo compartido». */
  async start(volver: string | null, compartido = false): Promise<{ url: string; state: string }> {
    const s = this.settings!;
    let config: client.Configuration;
    try {
      config = await this.configuration();
    } catch (err) {
      throw new OidcError('no_disponible', `No se pudo consultar el proveedor ${s.issuer}: ${(err as Error).message}`);
    }
    const state = client.randomState();
    const nonce = client.randomNonce();
    const verifier = client.randomPKCECodeVerifier();
    await this.repo.insert(state, nonce, verifier, volver, compartido, OIDC_ATTEMPT_SECONDS);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: s.redirectUri,
      scope: s.scopes,
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, state };
  }

  /**
   * The provider sent the browser back: checks the state against the browser's cookie and the
   * stored sign-in, exchanges the code (PKCE) and checks the ID token (nonce, issuer, audience).
   */
  async finish(
    query: Record<string, string>,
    cookieState: string | undefined,
  ): Promise<{ who: DirectoryIdentity; idToken: string | null; volver: string | null; compartido: boolean }> {
    const s = this.settings!;
    const state = query.state ?? '';
    if (!state || !cookieState || state !== cookieState) throw new OidcError('estado', 'el estado no coincide con el del navegador');
    const pending = await this.repo.take(state);
    if (!pending) throw new OidcError('estado', 'el estado no existe o venció');
    const config = await this.configuration();
    const current = new URL(s.redirectUri);
    for (const [k, v] of Object.entries(query)) current.searchParams.set(k, v);
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: pending.verificador,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      // openid-client names a claim that did not match (nonce, iss, aud) in its cause: the log says which.
      let claim: string | null = null;
      for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5 && !claim; e = (e as { cause?: unknown }).cause, depth++) {
        const c = (e as { claim?: unknown }).claim;
        if (typeof c === 'string') claim = c;
      }
      const reason = claim === 'nonce' ? 'el nonce del ID token no es el de este ingreso' : claim ? `el claim ${claim} del ID token no coincide` : null;
      throw new OidcError('proveedor', reason ? `${reason} (${(err as Error).message})` : (err as Error).message);
    }
    const claims = { ...(tokens.claims() ?? {}) } as Record<string, unknown>;
    if (!(s.groupsClaim in claims) && tokens.access_token) {
      try {
        Object.assign(claims, await client.fetchUserInfo(config, tokens.access_token, String(claims.sub)));
      } catch (err) {
        this.logger.warn(`No se pudo leer userinfo: ${(err as Error).message}`);
      }
    }
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    const rawGroups = claims[s.groupsClaim];
    const groups = Array.isArray(rawGroups) ? rawGroups.map(String) : typeof rawGroups === 'string' ? [rawGroups] : [];
    // The username only names a new account: the identity is the issuer and the subject.
    const username = text(claims.preferred_username) || text(claims.email).split('@')[0] || String(claims.sub);
    const who: DirectoryIdentity = {
      origen: 'oidc',
      emisor: text(claims.iss) || s.issuer,
      keys: [String(claims.sub)],
      username,
      nombre: text(claims.given_name) || text(claims.name) || username,
      apellido: text(claims.family_name),
      correo: text(claims.email) && claims.email_verified !== false ? text(claims.email) : null,
      groups,
    };
    return { who, idToken: tokens.id_token ?? null, volver: pending.volver, compartido: pending.compartido };
  }

  /**
   * Where the browser goes to end the provider's session after «Salir» (RP-initiated logout), or
   * null when the provider offers no end_session_endpoint or cannot be consulted.
   */
  async endSessionUrl(idToken: string): Promise<string | null> {
    const s = this.settings;
    if (!s) return null;
    try {
      const config = await this.configuration();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(config, { id_token_hint: idToken, post_logout_redirect_uri: s.postLogoutRedirectUri }).href;
    } catch (err) {
      this.logger.warn(`No se pudo preparar el cierre de sesión en el proveedor: ${(err as Error).message}`);
      return null;
    }
  }
}
