// Defaults shared by main.ts, startServer() and scripts/seed.ts (environment overrides).
import { resolve } from 'node:path';
import { REPO_ROOT } from './catalogue';

export const defaultDbFile = () => resolve(process.env.DB_FILE || resolve(REPO_ROOT, 'var/storefront.sqlite'));
export const defaultMediaDir = () => resolve(process.env.MEDIA_DIR || resolve(REPO_ROOT, 'var/media'));
export const defaultHost = () => process.env.HOST || '127.0.0.1';
export const defaultPort = () => {
  const n = Number(process.env.PORT ?? 8000);
  return Number.isInteger(n) && n >= 0 && n < 65536 ? n : 8000;
};
