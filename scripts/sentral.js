#!/usr/bin/env -S node --max-semi-space-size=64 --heap-growing-percent=300
// The `sentral` command: loads the TypeScript sources through tsx and runs the CLI. The flags give a media
// node running in this process its heap settings (media/node/heap-settings.ts).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../control/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
