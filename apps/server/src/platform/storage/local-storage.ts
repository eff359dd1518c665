import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { FileStorage } from './storage.js';

const KEY = /^[a-zA-Z0-9][a-zA-Z0-9/_.-]{0,300}$/;

/** Files on local disk under `root`; each file has a `.type` sidecar holding its content type. */
export function createLocalStorage(root: string, urlPrefix = '/api/files'): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`);
    const p = resolve(join(base, key));
    if (!p.startsWith(base + sep)) throw new Error(`invalid storage key: ${key}`);
    return p;
  };
  return {
    async put(key, data, contentType) {
      const p = pathOf(key);
      await mkdir(dirname(p), { recursive: true });
      await writeFile(p, data);
      await writeFile(`${p}.type`, contentType);
    },
    async get(key) {
      const p = pathOf(key);
      try {
        const [data, contentType] = await Promise.all([readFile(p), readFile(`${p}.type`, 'utf8')]);
        return { data, contentType };
      } catch {
        return undefined;
      }
    },
    async delete(key) {
      const p = pathOf(key);
      await rm(p, { force: true });
      await rm(`${p}.type`, { force: true });
    },
    url: (key) => `${urlPrefix}/${key}`,
  };
}
