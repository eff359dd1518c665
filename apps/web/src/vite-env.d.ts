/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_TRADING_API_URL?: string;
  readonly VITE_AI_API_URL?: string;
  readonly VITE_USER_DATA_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
