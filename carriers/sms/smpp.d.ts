// The parts of the `smpp` package (0.5.x, no type declarations of its own) this project uses. Import the
// default export for values (`import smpp from 'smpp'`); the named ones are for types.
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';

  /** One PDU: its command, status, sequence number, and the command's fields and TLVs by name. */
  export class PDU {
    constructor(command: string, options?: Record<string, unknown>);
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: any;
    response(options?: Record<string, unknown>): PDU;
    isResponse(): boolean;
    static maxLength: number;
  }

  /** A bound connection, client or server side. */
  export class Session extends EventEmitter {
    socket: import('node:net').Socket;
    send(pdu: PDU, onResponse?: (pdu: PDU) => void, onSent?: (pdu: PDU) => void): boolean;
    bind_transceiver(options: Record<string, unknown>, onResponse?: (pdu: PDU) => void): boolean;
    submit_sm(options: Record<string, unknown>, onResponse?: (pdu: PDU) => void): boolean;
    deliver_sm(options: Record<string, unknown>, onResponse?: (pdu: PDU) => void): boolean;
    enquire_link(options?: Record<string, unknown>, onResponse?: (pdu: PDU) => void): boolean;
    unbind(options?: Record<string, unknown>, onResponse?: (pdu: PDU) => void): boolean;
    pause(): void;
    resume(): void;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
  }

  export interface Server extends NetServer {
    sessions: Session[];
  }

  export function createServer(options: Record<string, unknown>, listener?: (session: Session) => void): Server;
  export function connect(options: { host: string; port: number; auto_enquire_link_period?: number }, listener?: () => void): Session;

  export const ESME_ROK: number;
  export const ESME_RINVDSTADR: number;
  export const ESME_RTHROTTLED: number;
  export const ESME_RMSGQFUL: number;
  export const ESME_RBINDFAIL: number;
  export const ESME_RSYSERR: number;
  export const encodings: Record<'ASCII' | 'UCS2' | 'LATIN1', { encode(text: string): Buffer; decode(bytes: Buffer): string }>;

  /** The module object: a CommonJS module, whose named exports Node's ESM loader cannot all see. */
  const smpp: { createServer: typeof createServer; connect: typeof connect; encodings: typeof encodings; PDU: typeof PDU };
  export default smpp;
}
