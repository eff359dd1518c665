import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { edgeOnly } from './edge-only.js';
import { withoutDatabase } from './without-database.js';

const serverRoot = join(import.meta.dirname, '..');

describe('the server files kept out of the PostgreSQL run', () => {
  it.each(withoutDatabase)('%s opens no database', (file) => {
    const source = readFileSync(join(serverRoot, file), 'utf8');
    expect(source).not.toMatch(/createTestApp|createTestDatabase|openDatabase|test\/helpers|auth-helpers/);
  });
});

describe('the HTTP-edge files run on PGlite only', () => {
  it.each(edgeOnly)('%s exists and is not also in the no-database list', (file) => {
    expect(existsSync(join(serverRoot, file))).toBe(true);
    expect(withoutDatabase).not.toContain(file);
  });
});
