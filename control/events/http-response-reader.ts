/** Most bytes of status line and headers accepted (node:http's default limit). */
export const MAX_RESPONSE_HEAD_BYTES = 16 * 1024;

/** What a response said, once read (or once enough of its body is kept). */
export interface ReadResponse {
  statusCode: number;
  /** The first `keep` bytes of the body (de-chunked). */
  body: Buffer;
  /** The whole response was read and the connection may carry another request. */
  reusable: boolean;
  /** How long the server keeps the idle connection open (its `Keep-Alive: timeout`), when it said so. */
  keepAliveMs: number | null;
}

// Framing of the body being read: a length, chunks, or everything until the server closes.
type Framing = { kind: 'length'; left: number } | { kind: 'chunked'; step: 'size' | 'data' | 'data-end' | 'trailer'; left: number } | { kind: 'close' };

/**
 * Reads one HTTP/1.1 response to a request without pipelining from a connection's bytes, as they come:
 * status and headers (interim 1xx responses skipped), then the body by its Content-Length, its chunks, or
 * up to the connection's end, keeping its first `keep` bytes. `feed` answers the response once it is
 * complete or `keep` bytes of body are in hand (then it is not reusable unless it also ended there);
 * `end` answers a body delimited by the close. A malformed response throws.
 */
export class ResponseReader {
  private pending: Buffer | null = null;
  private status = 0;
  private framing: Framing | null = null;
  private close = false;
  private keepAliveMs: number | null = null;
  private readonly kept: Buffer[] = [];
  private keptBytes = 0;

  /** True once any byte of a response arrived (a reused connection that fails before is safe to retry). */
  started = false;

  constructor(private readonly keep: number) {}

  /** Takes the next bytes; returns the response once it is read (or enough of it), else null. */
  feed(chunk: Buffer): ReadResponse | null {
    this.started = true;
    let data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    while (this.framing === null) {
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) {
        if (data.length > MAX_RESPONSE_HEAD_BYTES) throw new Error('response headers too large');
        this.pending = data;
        return null;
      }
      this.head(data.toString('latin1', 0, end));
      data = data.subarray(end + 4);
    }
    return this.body(data);
  }

  /** The connection ended: the response if its body ran to the end, else null (it was cut short). */
  end(): ReadResponse | null {
    return this.framing?.kind === 'close' ? this.answer(false) : null;
  }

  private head(text: string): void {
    const lines = text.split('\r\n');
    const status = /^HTTP\/1\.([01]) (\d{3})(?: |$)/.exec(lines[0]!);
    if (!status) throw new Error('malformed response status line');
    const code = Number(status[2]);
    // Interim responses (100 Continue, 103 Early Hints) precede the real one; 101 ends HTTP on the connection.
    if (code >= 100 && code < 200 && code !== 101) return;
    let length: number | null = null;
    let chunked = false;
    let connection = '';
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      const colon = line.indexOf(':');
      if (colon <= 0) throw new Error('malformed response header');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'content-length') {
        if (!/^\d+$/.test(value) || (length !== null && length !== Number(value))) throw new Error('malformed response content-length');
        length = Number(value);
      } else if (name === 'transfer-encoding') chunked = value.toLowerCase().split(',').at(-1)!.trim() === 'chunked';
      else if (name === 'connection') connection += `${value.toLowerCase()},`;
      else if (name === 'keep-alive') {
        const timeout = /(?:^|,)\s*timeout=(\d+)/i.exec(value);
        if (timeout) this.keepAliveMs = Number(timeout[1]) * 1000;
      }
    }
    const persistent = status[1] === '1' ? !/(^|,)\s*close\s*,/.test(connection) : /(^|,)\s*keep-alive\s*,/.test(connection);
    this.status = code;
    this.close = !persistent || code === 101;
    if (code === 204 || code === 304 || code === 101) this.framing = { kind: 'length', left: 0 };
    else if (chunked) this.framing = { kind: 'chunked', step: 'size', left: 0 };
    else if (length !== null) this.framing = { kind: 'length', left: length };
    else this.framing = { kind: 'close' };
  }

  private body(data: Buffer): ReadResponse | null {
    const framing = this.framing!;
    if (framing.kind === 'close') {
      this.take(data);
      return this.keptBytes >= this.keep ? this.answer(false) : null;
    }
    if (framing.kind === 'length') {
      const part = data.subarray(0, framing.left);
      framing.left -= part.length;
      this.take(part);
      if (framing.left === 0) return this.answer(part.length === data.length);
      return this.keptBytes >= this.keep ? this.answer(false) : null;
    }
    let at = 0;
    while (at < data.length) {
      if (framing.step === 'data') {
        const part = data.subarray(at, at + framing.left);
        this.take(part);
        framing.left -= part.length;
        at += part.length;
        if (framing.left === 0) framing.step = 'data-end';
        else break;
        continue;
      }
      const eol = data.indexOf('\r\n', at);
      if (eol < 0) {
        if (data.length - at > MAX_RESPONSE_HEAD_BYTES) throw new Error('malformed response chunk');
        this.pending = data.subarray(at);
        break;
      }
      const line = data.toString('latin1', at, eol);
      at = eol + 2;
      if (framing.step === 'data-end') {
        if (line !== '') throw new Error('malformed response chunk');
        framing.step = 'size';
      } else if (framing.step === 'size') {
        const size = /^([0-9a-fA-F]{1,8})\s*(;.*)?$/.exec(line);
        if (!size) throw new Error('malformed response chunk size');
        framing.left = parseInt(size[1]!, 16);
        framing.step = framing.left === 0 ? 'trailer' : 'data';
      } else if (line === '') {
        return this.answer(at === data.length);
      }
    }
    return this.keptBytes >= this.keep ? this.answer(false) : null;
  }

  private take(part: Buffer): void {
    if (this.keptBytes >= this.keep || part.length === 0) return;
    const slice = part.subarray(0, this.keep - this.keptBytes);
    this.kept.push(slice);
    this.keptBytes += slice.length;
  }

  // `complete`: the response ended exactly at the end of the bytes read (nothing unexpected after it).
  private answer(complete: boolean): ReadResponse {
    const body = this.kept.length === 1 ? this.kept[0]! : Buffer.concat(this.kept);
    return { statusCode: this.status, body, reusable: complete && !this.close, keepAliveMs: this.keepAliveMs };
  }
}
