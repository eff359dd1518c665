// Writes .br and .gz beside every compressible file of the build, so the server sends them as they are
// (@fastify/static preCompressed) instead of compressing on every request. Not index.html: the server fills
// it in for every response (CSP nonce, preloads) and compresses that.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = new URL('../dist/', import.meta.url).pathname;
const compressible = /\.(js|css|html|svg|json|txt|map)$/;
let files = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (compressible.test(name) && name !== 'index.html' && statSync(path).size > 1024) {
      const data = readFileSync(path);
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      files++;
    }
  }
};
walk(root);
console.log(`precompressed ${files} files (br, gz)`);
