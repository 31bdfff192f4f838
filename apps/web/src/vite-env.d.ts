/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API; '/api' when unset. Read only by src/lib/config.ts. */
  readonly VITE_API_BASE_URL?: string;
  /** 'false' switches off the text inputs' sanitising (spec section 5); on when unset. */
  readonly VITE_SANITIZE_TEXT_INPUT?: string;
}
