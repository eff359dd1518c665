import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutDatabase } from './without-database.js';

const serverRoot = join(import.meta.dirname, '..');

describe('the server files kept out of the PostgreSQL run', () => {
  it.each(withoutDatabase)('%s opens no database', (file) => {
    const source = readFileSync(join(serverRoot, file), 'utf8');
    expect(source).not.toMatch(/createTestApp|createTestDatabase|openDatabase|test\/helpers|auth-helpers/);
  });
});
