/**
 * Admission of call setups in one API process: beyond SETUPS_IN_FLIGHT setups at once a new one is answered
 * 503 `overloaded` with Retry-After at once, instead of joining a queue whose wait grows without bound; and
 * no company holds more than SETUPS_PER_COMPANY of them, so one customer's burst leaves room for the others'
 * calls. A setup holds its slot from the request until its actor answered (or it failed).
 */
import { SentralError } from '../../../shared/errors/sentral-error.js';

/** Call setups one API process works on at once (about two seconds of setups at its measured rate); SENTRAL_SETUPS_IN_FLIGHT. */
export const SETUPS_IN_FLIGHT = 128;
/** Of those, what one company may hold; SENTRAL_SETUPS_PER_COMPANY. */
export const SETUPS_PER_COMPANY = 48;

/** Counts setups in flight, in all and per company. */
export class SetupAdmission {
  private inFlight = 0;
  private readonly byCompany = new Map<string, number>();

  constructor(
    private readonly limit = SETUPS_IN_FLIGHT,
    private readonly perCompany = SETUPS_PER_COMPANY,
  ) {}

  /** Runs `setup` in a slot of the company's; `overloaded` (503, Retry-After 1) when none is free. */
  async run<T>(companyId: string, setup: () => Promise<T>): Promise<T> {
    const held = this.byCompany.get(companyId) ?? 0;
    if (this.inFlight >= this.limit || held >= this.perCompany) throw new SentralError('overloaded', { retryAfterSeconds: 1 });
    this.inFlight++;
    this.byCompany.set(companyId, held + 1);
    try {
      return await setup();
    } finally {
      this.inFlight--;
      const left = (this.byCompany.get(companyId) ?? 1) - 1;
      if (left === 0) this.byCompany.delete(companyId);
      else this.byCompany.set(companyId, left);
    }
  }
}
