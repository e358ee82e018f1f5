import { isBusError } from '../../shared/bus/bus-error.js';
import { SentralError } from '../../shared/errors/sentral-error.js';

/** Runs bus work for a request: a bus failure becomes 503 service_unavailable (retryable), not a 500. */
export async function overBus<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isBusError(err)) throw new SentralError('service_unavailable', { message: 'The message bus is unavailable; retry later.', retryAfterSeconds: 1, cause: err });
    throw err;
  }
}
