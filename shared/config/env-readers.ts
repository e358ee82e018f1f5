// Reading one environment variable: each reader validates its value and names the variable when it is wrong.
import { parseDatabaseUrl } from '../db/database-url.js';

/** A setting that is present but wrong: the message names the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

/** The environment variables a setting is read from. */
export type Env = Record<string, string | undefined>;

/** A host or host:port setting as [host, port] (`fallback` when it names no port). */
export function hostPort(name: string, value: string, fallback: number): [string, number] {
  const m = /^\[?([^\]]+?)\]?(?::(\d{1,5}))?$/.exec(value);
  const p = m?.[2] === undefined ? fallback : Number(m[2]);
  if (!m || p < 1 || p > 65535) throw new ConfigError(name, 'expected host or host:port');
  return [m[1]!, p];
}

/** A variable's trimmed value; unset or blank is undefined. */
export function text(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

/** A URL of one of `protocols` (e.g. 'nats:'), or undefined when unset. */
export function url(env: Env, name: string, protocols: string[]): string | undefined {
  const v = text(env, name);
  if (v === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    throw new ConfigError(name, `not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) throw new ConfigError(name, `expected a ${protocols.join(' or ')} URL`);
  return v;
}

/** A PostgreSQL URL naming one host or several (a primary and its standbys), as libpq takes them. */
export function postgresUrl(env: Env, name: string): string | undefined {
  const v = text(env, name);
  if (v === undefined) return undefined;
  try {
    parseDatabaseUrl(v);
  } catch (err) {
    throw new ConfigError(name, (err as Error).message);
  }
  return v;
}

/** An integer from `min` to `max`, or `fallback` when unset. */
export function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const v = text(env, name);
  if (v === undefined) return fallback;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
    throw new ConfigError(name, `expected an integer from ${min} to ${max}, got "${v}"`);
  }
  return Number(v);
}

/** A port (0 picks a free one), or `fallback` when unset. */
export function port(env: Env, name: string, fallback: number): number {
  return int(env, name, fallback, 0, 65535);
}

/** 0/1 (or false/true); unset is false. */
export function flag(env: Env, name: string): boolean {
  const v = text(env, name);
  if (v === undefined || v === '0' || v === 'false') return false;
  if (v === '1' || v === 'true') return true;
  throw new ConfigError(name, `expected 0 or 1, got "${v}"`);
}

/** One of `allowed`, or `fallback` when unset. */
export function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const v = text(env, name);
  if (v === undefined) return fallback;
  if (!allowed.includes(v as T)) throw new ConfigError(name, `expected one of ${allowed.join(', ')}`);
  return v as T;
}
