import type { Services } from '../../shared/services/services.js';
import { generateAdminToken, storeAdminTokenHash } from '../accounts/admin-token.js';
import { insertCompany } from '../accounts/companies.js';
import { createProfile } from '../accounts/profiles.js';
import { addInventory } from '../numbers/number-rental.js';

/** The inventory of a fresh standalone installation: ten phone numbers and three dedicated SMS numbers. */
export const DEMO_PHONE_NUMBERS = Array.from({ length: 10 }, (_, i) => `+47230000${String(i + 1).padStart(2, '0')}`);
/** Dedicated SMS numbers of a fresh installation. */
export const DEMO_SMS_NUMBERS = ['+4726000001', '+4726000002', '+4726000003'];

/** What the first start created, whole values shown this once (later starts return an empty object). */
export interface BootstrapResult {
  adminToken?: string;
  demo?: { companyId: string; profileId: string; liveKey: string; testKey: string };
}

/**
 * First start of a standalone installation: generates the admin token when SENTRAL_ADMIN_TOKEN is unset
 * (only its hash is kept) and a demo company (100 000 øre) with a demo profile and its keys, and loads the
 * numbers it can rent into the inventory. Runs once:
 * a marker row claimed in the same transaction makes later or concurrent starts return nothing.
 */
export async function bootstrapStandalone(services: Services): Promise<BootstrapResult> {
  const { sql, clock } = services;
  return sql.begin(async (tx) => {
    const claimed = await tx`insert into system_settings (key, value) values ('bootstrapped', ${new Date(clock.now()).toISOString()})
                             on conflict (key) do nothing returning key`;
    if (claimed.length === 0) return {};
    const result: BootstrapResult = {};
    if (services.config.adminToken === undefined) {
      const token = generateAdminToken();
      await storeAdminTokenHash(tx, token);
      result.adminToken = token;
    }
    const [{ count } = { count: 0 }] = await tx<{ count: number }[]>`select count(*)::int as count from companies`;
    if (count === 0) {
      const created = await insertCompany(tx, clock, { name: 'Demo company', balanceOre: 100_000 });
      const profile = await createProfile(tx, clock, created.company.id, {
        name: 'Demo profile',
        slug: 'demo',
        description: 'Created at first start',
        // Every service this build has: calls, SMS, email and letters.
        services: { sms: true, email: true, letters: true, phone: true },
      });
      // Numbers the demo company can rent (POST /v1/numbers): the operator's inventory of a fresh installation.
      await addInventory(tx, clock, { type: 'phone', numbers: DEMO_PHONE_NUMBERS });
      await addInventory(tx, clock, { type: 'sms', numbers: DEMO_SMS_NUMBERS });
      result.demo = { companyId: created.company.id, profileId: profile.id, liveKey: created.liveKey, testKey: created.testKey };
    }
    return result;
  });
}
