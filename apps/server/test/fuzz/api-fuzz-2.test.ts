import { defineFuzzSuite } from './fuzz-suite.js';

// The API fuzz suite, part 2 (fuzz-suite.ts): the other half of the routes.
await defineFuzzSuite(2);
