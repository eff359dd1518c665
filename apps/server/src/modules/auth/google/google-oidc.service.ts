import * as oidc from 'openid-client';
import type { AppError } from '../../../platform/errors.js';
import { googleError } from './google.errors.js';

export type GoogleOidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The callback URL exactly as registered with the provider. */
  redirectUri: string;
  /** Seconds before a request to the provider is given up (discovery, token exchange). */
  timeoutSeconds?: number;
};

/** What the browser must bring back to the callback; kept in the sealed flow cookie. */
export type OidcFlowSecrets = { state: string; nonce: string; codeVerifier: string };

/** The ID token claims sign-in uses, normalised. */
export type GoogleIdentity = {
  sub: string;
  email: string | undefined;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
};

const scope = 'openid email profile';

const unavailable = () =>
  googleError(
    'AUTH_GOOGLE_UNAVAILABLE',
    'Google sign-in is unavailable because Google could not be reached. Try again later.',
  );

/** Keeps what the provider library said, for the log, without showing it to the user. */
function because(error: AppError, cause: unknown): AppError {
  error.cause = cause;
  return error;
}

/** Plain HTTP is only tolerable for a provider on this machine (tests, a local provider in development). */
export function isLoopbackHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname.toLowerCase());
}

/** The provider could not be reached or did not answer in time (as opposed to answering "no"). */
function isNetworkFailure(error: unknown): boolean {
  if (error instanceof DOMException) return error.name === 'TimeoutError' || error.name === 'AbortError';
  if (error instanceof TypeError && !('code' in error)) return true;
  if (error instanceof oidc.ClientError) {
    // an error page (proxy, outage) where a JSON answer was due: the provider is not really there
    return error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || error.code === 'OAUTH_RESPONSE_IS_NOT_JSON';
  }
  return false;
}

/**
 * The OpenID Connect side of Google sign-in: discovery (cached for the life of the process),
 * the authorization URL with PKCE (S256), state and nonce, and the code exchange with ID token checks.
 */
export function createGoogleOidc(settings: GoogleOidcSettings) {
  const issuer = new URL(settings.issuer);
  const timeout = settings.timeoutSeconds ?? 10;
  let configuration: Promise<oidc.Configuration> | undefined;

  function discover(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(
        issuer,
        settings.clientId,
        { redirect_uris: [settings.redirectUri], response_types: ['code'] },
        oidc.ClientSecretPost(settings.clientSecret),
        { timeout, execute: isLoopbackHttp(issuer) ? [oidc.allowInsecureRequests] : [] },
      )
      .catch((error: unknown) => {
        // a failed discovery is not cached: the next sign-in tries again
        configuration = undefined;
        throw because(unavailable(), error);
      });
    return configuration;
  }

  return {
    /** Where to send the browser, and the secrets that must come back with it. */
    async authorizationUrl(): Promise<{ url: URL; secrets: OidcFlowSecrets }> {
      const config = await discover();
      const secrets: OidcFlowSecrets = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope,
        state: secrets.state,
        nonce: secrets.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(secrets.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, secrets };
    },

    /**
     * Exchanges the code of `callbackUrl` (the full URL the provider redirected to) and checks the
     * ID token (signature, issuer, audience, expiry, nonce). The caller has already compared `state`.
     */
    async exchange(callbackUrl: URL, secrets: OidcFlowSecrets): Promise<GoogleIdentity> {
      const config = await discover();
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: secrets.codeVerifier,
          expectedState: secrets.state,
          expectedNonce: secrets.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        if (error instanceof oidc.AuthorizationResponseError) {
          throw because(googleError('AUTH_GOOGLE_DENIED', `Google sign-in was not completed (${error.error}).`), error);
        }
        if (isNetworkFailure(error)) {
          throw because(unavailable(), error);
        }
        throw because(
          googleError(
            'AUTH_GOOGLE_EXCHANGE_FAILED',
            'Google sign-in failed because the answer from Google was not accepted.',
          ),
          error,
        );
      }
      if (!claims)
        throw googleError('AUTH_GOOGLE_EXCHANGE_FAILED', 'Google sign-in failed because Google returned no ID token.');
      return identityOf(claims);
    },
  };
}
export type GoogleOidc = ReturnType<typeof createGoogleOidc>;

const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.trim().slice(0, max) : '');

function identityOf(claims: oidc.IDToken): GoogleIdentity {
  const email = text(claims.email, 254).toLowerCase();
  return {
    sub: claims.sub,
    email: email.includes('@') ? email : undefined,
    // Google has sent this claim both as a boolean and as the string "true"
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    givenName: text(claims.given_name, 60),
    familyName: text(claims.family_name, 60),
  };
}
