import { parseArgs } from 'node:util';
import type { Config } from '../../shared/config/config.js';
import { copyObjects, type CopyOutcome } from '../../shared/objects/copy-objects.js';
import { LocalObjectStore } from '../../shared/objects/local-object-store.js';
import { openNatsObjectStore } from '../../shared/objects/nats-object-store.js';
import { localRecordingsDir, recordingsBucket } from '../../shared/objects/recordings-store.js';

const HELP = `sentral recordings — the recordings' store

Usage: sentral recordings migrate [--from DIR] [--remove]

  migrate      copies the recordings kept as files (SENTRAL_DATA_DIR/recordings, or --from DIR, such as
               the volume media nodes shared before) into the cluster's NATS object store, which every
               API process serves them from. Safe to run again: a recording already in the store (same
               name and size) is skipped. Until it has run, API processes that see the old directory keep
               serving its recordings from there.
    --from DIR   the directory to copy from
    --remove     delete each file once the store holds it

Needs cluster mode with SENTRAL_RECORDINGS_STORE=nats (the cluster default); see docs/recordings.md.`;

/** Where the command writes its lines (the console, or a test's collector). */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

const consoleOutput: CommandOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };

/** Runs `sentral recordings <args>`; resolves to the exit code (0 done, 1 some recordings failed, 2 usage). */
export async function runRecordingsCommand(args: string[], config: Config, output: CommandOutput = consoleOutput): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { from: { type: 'string' }, remove: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (err) {
    output.err(`sentral recordings: ${(err as Error).message}\n\n${HELP}`);
    return 2;
  }
  const [subcommand, ...extra] = parsed.positionals;
  if (parsed.values.help || subcommand === undefined) {
    output.out(HELP);
    return parsed.values.help ? 0 : 2;
  }
  if (subcommand !== 'migrate' || extra.length > 0) {
    output.err(`sentral recordings: unknown command "${parsed.positionals.join(' ')}"\n\n${HELP}`);
    return 2;
  }
  if (config.recordingsStore !== 'nats') {
    output.err('sentral recordings migrate: recordings are kept in the local directory here (SENTRAL_RECORDINGS_STORE=local, or standalone mode): there is no object store to copy them to');
    return 2;
  }
  const from = new LocalObjectStore(parsed.values.from ?? localRecordingsDir(config));
  const bucket = recordingsBucket(config);
  let to;
  try {
    to = await openNatsObjectStore({ url: config.natsUrl!, bucket, replicas: config.natsReplicas, name: 'sentral-recordings-migrate' });
  } catch (err) {
    output.err(`sentral recordings migrate: the NATS object store ${bucket} cannot be opened: ${(err as Error).message}`);
    return 1;
  }
  try {
    output.out(`copying the recordings in ${from.dir} to the NATS object store ${bucket}`);
    const outcomes = await copyObjects(from, to, { remove: parsed.values.remove === true, onObject: (o) => report(o, output) });
    const count = (kind: CopyOutcome['outcome']): number => outcomes.filter((o) => o.outcome === kind).length;
    const removed = outcomes.filter((o) => o.outcome !== 'failed' && o.removed).length;
    output.out(`${count('copied')} copied, ${count('present')} already in the store, ${removed} removed from ${from.dir}, ${count('failed')} failed`);
    return count('failed') > 0 ? 1 : 0;
  } finally {
    await to.close();
  }
}

function report(o: CopyOutcome, output: CommandOutput): void {
  if (o.outcome === 'failed') output.err(`failed  ${o.name}: ${o.error}`);
  else output.out(`${o.outcome === 'copied' ? 'copied ' : 'present'} ${o.name} (${o.size} bytes)${o.removed ? ', file removed' : ''}`);
}
