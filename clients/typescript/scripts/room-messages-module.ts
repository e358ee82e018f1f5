/**
 * src/room-messages.ts, generated from the server's room protocol (protocol/room/room-message.ts): the wire
 * constants copied as they are written there, and a TypeScript type per TypeBox schema with the doc comments
 * written there. The package is published on its own, so it carries these as plain types and constants
 * instead of importing the server's modules (and TypeBox with them).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as room from '../../../protocol/room/room-message.js';

const SOURCE = fileURLToPath(new URL('../../../protocol/room/room-message.ts', import.meta.url));
const CONSTANTS = ['ROOM_MAX_TEXT_BYTES', 'ROOM_FRAME_BYTES', 'ROOM_CLOSE'] as const;
/** The client's name of each schema it carries, in order (the client's `RoomError` is its error class). */
const TYPES: ReadonlyArray<[client: string, server: keyof typeof room]> = [
  ['RoomParticipantKind', 'RoomParticipantKind'],
  ['RoomJoined', 'RoomJoined'],
  ['RoomErrorMessage', 'RoomError'],
  ['RoomData', 'RoomData'],
  ['RoomParticipant', 'RoomParticipant'],
  ['RoomServerMessage', 'RoomServerMessage'],
  ['RoomClientMessage', 'RoomClientData'],
];

interface Schema {
  type?: string;
  const?: string | number;
  anyOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}

/** The module's text. */
export function roomMessagesModule(): string {
  const source = readFileSync(SOURCE, 'utf8');
  const named = TYPES.map(([client, server]) => ({ client, server, json: JSON.stringify(room[server]) }));
  const typeOf = (schema: Schema, self: string, indent: string): string => {
    const same = named.find((n) => n.client !== self && n.json === JSON.stringify(schema));
    if (same) return same.client;
    if (schema.const !== undefined) return typeof schema.const === 'string' ? `'${schema.const}'` : String(schema.const);
    if (schema.anyOf) return schema.anyOf.map((s) => typeOf(s, self, indent)).join(' | ');
    if (schema.type === 'array') return `${typeOf(schema.items!, self, indent)}[]`;
    if (schema.type === 'object') return `{\n${fields(schema, self, `${indent}  `, {})}${indent}}`;
    return schema.type === 'integer' ? 'number' : schema.type!;
  };
  const fields = (schema: Schema, self: string, indent: string, docs: Record<string, string>): string =>
    Object.entries(schema.properties ?? {})
      .map(([key, field]) => `${docs[key] ? `${indent}${docs[key]}\n` : ''}${indent}${key}${schema.required?.includes(key) ? '' : '?'}: ${typeOf(field, self, indent)};\n`)
      .join('');
  const types = named.map(({ client, server }) => {
    const schema = room[server] as Schema;
    const doc = docOf(source, server);
    if (schema.type === 'object') return `${doc}\nexport interface ${client} {\n${fields(schema, client, '  ', fieldDocs(source, server))}}\n`;
    return `${doc}\nexport type ${client} = ${typeOf(schema, client, '')};\n`;
  });
  const constants = CONSTANTS.map((name) => statementOf(source, name));
  return `// Generated from protocol/room/room-message.ts by \`npm run client:generate\`; do not edit.
// The media room's wire messages as a client sees them (docs/media.md, "Room endpoint").

${constants.join('\n')}
${types.join('\n')}`;
}

/** The doc comment right before `export const <name>`. */
function docOf(source: string, name: string): string {
  const doc = new RegExp(String.raw`(/\*\*(?:(?!\*/)[\s\S])*\*/)\s*export const ${name}\b`).exec(source)?.[1];
  if (!doc) throw new Error(`protocol/room/room-message.ts: ${name} has no doc comment`);
  return doc;
}

/** `export const <name> …;` with its doc comment, as written. */
function statementOf(source: string, name: string): string {
  const statement = new RegExp(String.raw`export const ${name}\b[\s\S]*?;\n`).exec(source)?.[0];
  if (!statement) throw new Error(`protocol/room/room-message.ts: no constant ${name}`);
  return `${docOf(source, name)}\n${statement}`;
}

/** The doc comments of a schema's fields, by field name (as written inside its `Type.Object({ … })`). */
function fieldDocs(source: string, name: string): Record<string, string> {
  const body = new RegExp(String.raw`export const ${name} = Type\.Object\(\{([\s\S]*?)\n\}\);`).exec(source)?.[1] ?? '';
  return Object.fromEntries([...body.matchAll(/(\/\*\*(?:(?!\*\/)[\s\S])*\*\/)\s*(\w+):/g)].map((m) => [m[2]!, m[1]!]));
}
