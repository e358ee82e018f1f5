import type { FastifyInstance } from 'fastify';
import { SentralError } from '../../../shared/errors/sentral-error.js';

/**
 * Refuses NUL characters in path parameters, query and body (400 naming the field): PostgreSQL text
 * cannot hold them, and no field of this API has a use for one.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
      const path = findNul(value, []);
      if (path !== null) {
        throw new SentralError('invalid_request', { message: 'Text must not contain NUL characters.', ...(path ? { param: path } : { param: part }) });
      }
    }
  });
}

// The dotted path of the first string (or key) holding a NUL, '' for the value itself, null when none.
function findNul(value: unknown, path: string[], depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k.includes('\u0000')) return [...path, '(key)'].join('.');
    const found = findNul(v, [...path, k], depth + 1);
    if (found !== null) return found;
  }
  return null;
}
