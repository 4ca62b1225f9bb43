#!/usr/bin/env node
// The engine is TypeScript run without a build step: register tsx, then hand over to the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
