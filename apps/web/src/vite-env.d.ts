/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API; '/api' when unset. Read only by src/lib/config.ts. */
  readonly VITE_API_BASE_URL?: string;
}
