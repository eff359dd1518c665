import { defineFuzzSuite } from './fuzz-suite.js';

// The API fuzz suite, part 1 (fuzz-suite.ts): half of the routes, the coverage check and the routes outside the document.
await defineFuzzSuite(1);
