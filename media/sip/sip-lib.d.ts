// Types for the part of the `sip` package (npm) the SIP agent uses; the package ships none.
declare module 'sip' {
  export interface SipUri {
    schema?: string;
    user?: string;
    password?: string;
    host: string;
    port?: number;
    params: Record<string, string | null | undefined>;
    headers?: Record<string, string>;
  }
  export interface NameAddr {
    name?: string;
    uri: string | SipUri;
    params: Record<string, string | null | undefined>;
  }
  export interface Via {
    version?: string;
    protocol?: string;
    host?: string;
    port?: number;
    params: Record<string, string | number | null | undefined>;
  }
  export interface SipHeaders {
    via?: Via[];
    to?: NameAddr;
    from?: NameAddr;
    'call-id'?: string;
    cseq?: { seq: number; method: string };
    contact?: NameAddr[];
    'record-route'?: NameAddr[];
    route?: NameAddr[];
    'content-type'?: string;
    'content-length'?: number;
    'max-forwards'?: number;
    'www-authenticate'?: unknown[];
    'proxy-authenticate'?: unknown[];
    [name: string]: unknown;
  }
  export interface SipMessage {
    method?: string;
    uri?: string | SipUri;
    status?: number;
    reason?: string;
    version?: string;
    headers: SipHeaders;
    content?: string;
  }
  export interface Remote {
    protocol: string;
    address: string;
    port: number;
  }
  export interface StackOptions {
    address?: string;
    port?: number;
    publicAddress?: string;
    hostname?: string;
    udp?: boolean;
    tcp?: boolean;
    /** TLS options (node:tls) for the listener on `tls_port` and for connections it makes. */
    tls?: import('node:tls').TlsOptions;
    tls_port?: number;
    rport?: boolean;
    logger?: { send?(m: SipMessage, target: unknown): void; recv?(m: SipMessage, remote: Remote): void; error?(e: unknown): void };
  }
  export interface Stack {
    send(message: SipMessage, onResponse?: (response: SipMessage) => void): void;
    destroy(): void;
    hostname(): string;
  }
  export function create(options: StackOptions, onRequest: (request: SipMessage, remote: Remote) => void): Stack;
  export function makeResponse(request: SipMessage, status: number, reason?: string): SipMessage;
  export function parseUri(uri: string | SipUri): SipUri | undefined;
  /** A copy with its own headers and Via list (a proxy forwards the copy). */
  export function copyMessage(message: SipMessage, deep?: boolean): SipMessage;
  export function stringifyUri(uri: string | SipUri): string;
  export function parse(data: string | Uint8Array): SipMessage | undefined;
  export function stringify(message: SipMessage): string;
  export function generateBranch(): string;
}

declare module 'sip/digest.js' {
  import type { SipMessage } from 'sip';
  /** Adds (Proxy-)Authorization for the challenge in `response`; `context` carries nonce state between requests. */
  export function signRequest(context: object, request: SipMessage, response: SipMessage | undefined, credentials: { user: string; password: string }): object | null;
  /** Adds a digest challenge to `response` (server side; tests' trunks). */
  export function challenge(context: object, response: SipMessage): SipMessage;
  /** True when `request` carries a valid answer to the context's challenge (server side; tests' trunks). */
  export function authenticateRequest(context: object, request: SipMessage, credentials: { user: string; password: string }): boolean;
}
