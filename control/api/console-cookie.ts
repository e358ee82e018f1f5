import type { FastifyRequest } from 'fastify';
import { SESSION_TTL_MS } from '../accounts/console-sessions.js';

/** The console session cookie's name. */
export const CONSOLE_COOKIE = 'sentral_console';
/** The header every console request carries (besides the cookie), with the session's csrfToken. */
export const CSRF_HEADER = 'x-csrf-token';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** The console cookie's value in a Cookie header, or null. */
export function readConsoleCookie(header: string | undefined): string | null {
  if (header === undefined) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === CONSOLE_COOKIE) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * Set-Cookie of a console session (or, with null, of its removal): httpOnly, SameSite=Strict, for the
 * whole origin, 12 hours; Secure unless the browser reached this server on a loopback name (plain http
 * on one's own machine).
 */
export function consoleCookie(request: FastifyRequest, value: string | null): string {
  const secure = LOOPBACK.test(request.hostname) ? '' : '; Secure';
  const life = value === null ? 0 : SESSION_TTL_MS / 1000;
  return `${CONSOLE_COOKIE}=${value ?? ''}; Path=/; Max-Age=${life}; HttpOnly; SameSite=Strict${secure}`;
}
