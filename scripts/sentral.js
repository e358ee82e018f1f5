#!/usr/bin/env -S node --max-semi-space-size=64
// The `sentral` command: loads the TypeScript sources through tsx and runs the CLI. The flag gives a media
// node running in this process its young generation (media/node/young-generation.ts).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../control/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
