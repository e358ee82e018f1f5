import { errorCatalogue, type ErrorCode } from './catalogue.js';

/** Options of a catalogued error beyond its code. */
export interface SentralErrorOptions {
  message?: string;
  /** The request field at fault, as a dotted path or header name. */
  param?: string;
  /** Seconds a client should wait before retrying (sets Retry-After). */
  retryAfterSeconds?: number;
  cause?: unknown;
}

/** An error with a code from the catalogue; the API turns it into the one error body shape. */
export class SentralError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly param: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, options: SentralErrorOptions = {}) {
    super(options.message ?? errorCatalogue[code].message, { cause: options.cause });
    this.name = 'SentralError';
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.param = options.param;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** True when `err` is a SentralError, optionally with the given code. */
export function isSentralError(err: unknown, code?: ErrorCode): err is SentralError {
  return err instanceof SentralError && (code === undefined || err.code === code);
}
