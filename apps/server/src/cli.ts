#!/usr/bin/env node
// The operator's command line (`tradedesk help`): built into dist/cli.js, the package's `tradedesk` bin.
import { runCli } from './cli/run-cli.js';

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
