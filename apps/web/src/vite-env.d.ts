/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

interface ImportMetaEnv {
  /** Prefix for API calls; empty means same origin (the API serves this build). */
  readonly VITE_API_URL?: string;
  /** Passphrase for the refresh token kept in localStorage (a build constant by default). */
  readonly VITE_REFRESH_TOKEN_PASSPHRASE?: string;
  /** 'true' to validate API answers against the contracts in a production build too. */
  readonly VITE_VALIDATE_RESPONSES?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
