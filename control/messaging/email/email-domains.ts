import type { Clock } from '../../../shared/clock/clock.js';
import type { EmailConfig } from '../../../shared/config/config.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { newId } from '../../../shared/ids/ids.js';
import type { EmailDomain } from '../../../protocol/messaging/email.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import type { Db } from '../../../shared/db/database.js';
import { getProfile, viewerOf } from '../../accounts/profiles.js';
import { newDkimKeyPair } from './dkim-keys.js';
import { checkRecords, domainRecords, type DnsResolver, type RecordCheck } from './domain-records.js';

interface DomainRow {
  id: string;
  company_id: string;
  profile_id: string;
  domain: string;
  dkim_selector: string;
  dkim_private_key: string;
  dkim_public_key: string;
  status: 'pending' | 'verified';
  checks: RecordCheck[] | null;
  created_at_ms: number;
  verified_at_ms: number | null;
  checked_at_ms: number | null;
}

/** The signing material of a sender domain, for the relay adapter. */
export interface SigningDomain {
  domain: string;
  selector: string;
  privateKey: string;
  verified: boolean;
}

/**
 * Adds a sender domain to a profile: a new DKIM key pair (selector `s<yyyymm>`), and the records to
 * publish. Adding a domain the profile has is `email_domain_exists`.
 */
export async function createEmailDomain(db: Db, clock: Clock, settings: EmailConfig, caller: KeyPrincipal, profileRef: string, domain: string): Promise<EmailDomain> {
  const profile = await getProfile(db, viewerOf(caller), profileRef);
  const name = domain.toLowerCase();
  const keys = await newDkimKeyPair();
  const now = clock.now();
  const selector = `s${new Date(now).toISOString().slice(0, 7).replace('-', '')}`;
  const [row] = await db<DomainRow[]>`
    insert into email_domains (id, company_id, profile_id, domain, dkim_selector, dkim_private_key, dkim_public_key, created_at_ms)
    values (${newId('edm', clock)}, ${caller.companyId}, ${profile.id}, ${name}, ${selector}, ${keys.privateKey}, ${keys.publicKey}, ${now})
    on conflict (profile_id, domain) do nothing
    returning *`;
  if (!row) throw new SentralError('email_domain_exists', { param: 'domain' });
  return domainView(row, settings);
}

/** The profile's sender domains. */
export async function listEmailDomains(db: Db, settings: EmailConfig, caller: KeyPrincipal, profileRef: string): Promise<EmailDomain[]> {
  const profile = await getProfile(db, viewerOf(caller), profileRef);
  const rows = await db<DomainRow[]>`select * from email_domains where profile_id = ${profile.id} order by domain`;
  return rows.map((r) => domainView(r, settings));
}

/** Looks the domain's records up (the injected resolver) and marks it verified when every one is found. */
export async function verifyEmailDomain(
  db: Db,
  clock: Clock,
  settings: EmailConfig,
  resolver: DnsResolver,
  caller: KeyPrincipal,
  profileRef: string,
  domain: string,
): Promise<EmailDomain> {
  const profile = await getProfile(db, viewerOf(caller), profileRef);
  const [row] = await db<DomainRow[]>`select * from email_domains where profile_id = ${profile.id} and domain = ${domain.toLowerCase()}`;
  if (!row) throw new SentralError('not_found', { message: 'The profile has no such sender domain.', param: 'domain' });
  const checks = await checkRecords(domainRecords(row.domain, row.dkim_selector, row.dkim_public_key, settings), resolver);
  const verified = checks.every((c) => c.found);
  const now = clock.now();
  // Once verified a domain stays so: a lookup that fails later (a DNS outage) must not stop its mail.
  const [updated] = await db<DomainRow[]>`
    update email_domains set checks = ${db.json(checks as never)}, checked_at_ms = ${now},
      status = case when ${verified} then 'verified' else status end,
      verified_at_ms = case when ${verified} and verified_at_ms is null then ${now}::bigint else verified_at_ms end
    where id = ${row.id} returning *`;
  return domainView(updated!, settings);
}

/** The profile's domain of an address, with its key; null when the profile has no such domain. */
export async function signingDomain(db: Db, profileId: string, address: string): Promise<SigningDomain | null> {
  const [domain] = await signingDomains(db, [{ profileId, address }]);
  return domain!;
}

/** signingDomain for many (profile, address) pairs in one query (a batch of sends). */
export async function signingDomains(db: Db, pairs: readonly { profileId: string; address: string }[]): Promise<(SigningDomain | null)[]> {
  if (pairs.length === 0) return [];
  const domains = pairs.map((p) => p.address.slice(p.address.lastIndexOf('@') + 1).toLowerCase());
  const rows = await db<DomainRow[]>`
    select * from email_domains
    where (profile_id, domain) in (select * from unnest(${db.array(pairs.map((p) => p.profileId))}::uuid[], ${db.array(domains)}::text[]))`;
  return pairs.map((p, i) => {
    const row = rows.find((r) => r.profile_id === p.profileId && r.domain === domains[i]);
    return row ? { domain: row.domain, selector: row.dkim_selector, privateKey: row.dkim_private_key, verified: row.status === 'verified' } : null;
  });
}

function domainView(row: DomainRow, settings: EmailConfig): EmailDomain {
  const checks = new Map((row.checks ?? []).map((c) => [c.purpose, c]));
  return {
    object: 'email_domain',
    id: row.id,
    profileId: row.profile_id,
    domain: row.domain,
    state: row.status,
    dkimSelector: row.dkim_selector,
    records: domainRecords(row.domain, row.dkim_selector, row.dkim_public_key, settings).map((r) => ({
      ...r,
      found: checks.get(r.purpose)?.found ?? null,
      detail: checks.get(r.purpose)?.detail ?? null,
    })),
    createdAt: new Date(Number(row.created_at_ms)).toISOString(),
    verifiedAt: row.verified_at_ms === null ? null : new Date(Number(row.verified_at_ms)).toISOString(),
    checkedAt: row.checked_at_ms === null ? null : new Date(Number(row.checked_at_ms)).toISOString(),
  };
}
