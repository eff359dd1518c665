import { afterAll } from 'vitest';
import { runCleanups } from './cleanups.js';

// Every server test file: what createTestApp and createTestDatabase opened is closed after the file's own hooks.
afterAll(runCleanups);
