/**
 * Server test files about the HTTP edge (the OpenAPI document and its lint, the error shape, the fuzzing of every
 * route with hostile and malformed input): they use a database only to get past sign-in, and PGlite is the same
 * PostgreSQL engine, so the PostgreSQL run (project server-pg) leaves them out. Time goes to the files whose
 * queries, locks and transactions could differ between the embedded and the real server.
 */
export const edgeOnly: string[] = [
  'test/error-shape.test.ts',
  'test/fuzz/api-fuzz.test.ts',
  'test/fuzz/api-fuzz-2.test.ts',
  'test/openapi-lint.test.ts',
  'test/openapi.test.ts',
];
