import pino, { type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';

export type { Logger } from 'pino';

// Values that look like secrets are masked wherever they appear in a logged string.
const SECRET_PATTERNS: RegExp[] = [
  /\b(sk|rk)_(live|test)_[A-Za-z0-9]+/g,
  /\bwhsec_[A-Za-z0-9+/=]+/g,
  /\bwhsk_[A-Za-z0-9+/=]+/g,
  /\bsat_[A-Za-z0-9_-]+/g,
  /\bBearer\s+[A-Za-z0-9._~+/=-]+/gi,
];

/** Masks secrets (API keys, webhook secrets, admin tokens, bearer values) inside a string. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const re of SECRET_PATTERNS) out = out.replace(re, (m) => `${m.slice(0, m.indexOf('_') + 1 || 6)}[REDACTED]`);
  return out;
}

/** Options for a sentral logger. */
export interface LogOptions {
  level?: string;
  /** Readable output for a terminal; JSON lines otherwise. */
  pretty?: boolean;
  /** Where JSON lines go (tests capture them); stdout by default. */
  destination?: NodeJS.WritableStream;
}

/** Creates the pino logger every part of sentral logs through. */
export function createLogger(options: LogOptions = {}): Logger {
  const config: LoggerOptions = {
    level: options.level ?? 'info',
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["idempotency-key"]',
        'headers.authorization',
        'authorization',
        'secret',
        'key',
        'token',
        '*.secret',
        '*.key',
        '*.token',
        '*.adminToken',
        '*.liveKey',
        '*.testKey',
      ],
      censor: '[REDACTED]',
    },
  };
  // Every finished line passes through redactSecrets, whatever field or message a secret hid in.
  const target: NodeJS.WritableStream = options.destination ?? (options.pretty ? pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', singleLine: true }) : process.stdout);
  return pino(config, {
    write(line: string) {
      target.write(redactSecrets(line));
    },
  });
}
