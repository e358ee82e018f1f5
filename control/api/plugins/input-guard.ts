import type { FastifyInstance } from 'fastify';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { findUnstorable } from '../../../shared/json/storable-json.js';

/**
 * Refuses, for every route and before validation, hashing or any actor sees it, what the API cannot store
 * or walk safely: lone surrogates and NUL in any header, path parameter, query parameter, body key or body
 * value, bodies nested deeper than MAX_JSON_DEPTH and arrays or objects larger than MAX_JSON_ITEMS.
 * 400 invalid_request naming the parameter (`metadata.a.b`).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts = [['header', request.headers], ['params', request.params], ['query', request.query], ['body', request.body]] as const;
    for (const [part, value] of parts) {
      const problem = findUnstorable(value);
      if (problem === null) continue;
      const param = problem.path === '' ? part : part === 'header' ? `header ${problem.path}` : problem.path;
      throw new SentralError('invalid_request', { message: `${param}: ${problem.message}`, param });
    }
  });
}
