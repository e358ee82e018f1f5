#!/usr/bin/env node
// The `sentral` command: loads the TypeScript sources through tsx and runs the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../control/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
