import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as names from '../../protocol/bus/bus-names.js';
import { sanitizeName, subjectMatches } from '../../shared/bus/subject.js';

const streams = [names.MAILBOX_STREAM, names.INBOUND_STREAM];
const buckets = [names.PARTITION_LEASES_BUCKET, names.WORKERS_BUCKET, names.MEDIA_NODES_BUCKET, names.SIM_PHONES_BUCKET, names.ROOM_KEYS_BUCKET];
/** Subjects published without JetStream (request/reply, wake-ups): one example of each. */
const coreSubjects = [
  names.replySubject('msg_1', 'inbox_1'),
  names.mediaControlSubject('node_1'),
  names.CLIP_GET_SUBJECT,
  names.DISPATCHER_WAKE_SUBJECT,
];

describe('bus names', () => {
  it('gives every stream and bucket its own name, valid as is', () => {
    const all = [...streams.map((s) => s.name), ...buckets];
    expect(new Set(all).size).toBe(all.length);
    for (const name of all) expect(sanitizeName(name)).toBe(name);
  });

  it('keeps request and wake-up subjects out of every stream, so JetStream never captures them', () => {
    for (const subject of coreSubjects) {
      for (const stream of streams) {
        for (const pattern of stream.subjects) expect(subjectMatches(pattern, subject), `${subject} in ${stream.name}`).toBe(false);
      }
    }
  });

  it('puts each stream-bound subject in its stream and only there', () => {
    const routed: [string, string][] = [
      [names.mailboxSubject('call_a', 64), names.MAILBOX_STREAM.name],
      [names.INBOUND_OFFERED_SUBJECT, names.INBOUND_STREAM.name],
    ];
    for (const [subject, owner] of routed) {
      const holders = streams.filter((s) => s.subjects.some((p) => subjectMatches(p, subject))).map((s) => s.name);
      expect(holders).toEqual([owner]);
    }
  });

  it('filters a partition consumer to exactly its partition of the mailbox', () => {
    const subject = names.mailboxSubject('call_a', 8);
    const partition = names.partitionOf('call_a', 8);
    expect(subjectMatches(names.partitionFilterSubject(partition), subject)).toBe(true);
    expect(subjectMatches(names.partitionFilterSubject((partition + 1) % 8), subject)).toBe(false);
  });

  it('is the only place a bus name is spelled: no bus call elsewhere names a subject, stream or bucket literally', () => {
    const root = join(import.meta.dirname, '../..');
    // A call with a quoted first argument, a consumer naming its stream or filter in quotes, a stream spec.
    const literalName = [
      /\.(kv|publish|request|serve|notify|subscribe|ensureStream|deleteConsumer)\(\s*['"`]/,
      /\b(stream|filterSubject|durable|queue):\s*['"`]/,
      /\bname:\s*['"`][^'"`]*['"`],\s*subjects:/,
    ];
    const offenders: string[] = [];
    for (const dir of ['control', 'media', 'shared', 'protocol']) {
      for (const file of sourceFiles(join(root, dir))) {
        const path = relative(root, file);
        if (path.startsWith('shared/bus/') || path === 'protocol/bus/bus-names.ts') continue;
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (!/^\s*(\*|\/\/)/.test(line) && literalName.some((re) => re.test(line))) offenders.push(`${path}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(offenders).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}
