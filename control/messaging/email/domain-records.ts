/** One DNS record a customer publishes for a sender domain. */
export interface DnsRecord {
  purpose: 'dkim' | 'spf' | 'return_path';
  type: 'TXT' | 'CNAME';
  name: string;
  value: string;
}

/** Where sentral's side of the records points (settings of the installation). */
export interface DomainRecordSettings {
  /** The host SPF includes (`include:<spfInclude>`). */
  spfInclude: string;
  /** The host the return-path name is a CNAME of: where bounces reach the bounce listener. */
  returnPathHost: string;
}

/** The label the return path lives under: `<message id>@bounces.<domain>`. */
export const RETURN_PATH_LABEL = 'bounces';

/** The records to publish for `domain` with the DKIM key under `selector`. */
export function domainRecords(domain: string, selector: string, publicKey: string, settings: DomainRecordSettings): DnsRecord[] {
  return [
    { purpose: 'dkim', type: 'TXT', name: `${selector}._domainkey.${domain}`, value: `v=DKIM1; k=rsa; p=${publicKey}` },
    { purpose: 'spf', type: 'TXT', name: domain, value: `v=spf1 include:${settings.spfInclude} ~all` },
    { purpose: 'return_path', type: 'CNAME', name: `${RETURN_PATH_LABEL}.${domain}`, value: settings.returnPathHost },
  ];
}

/** The DNS lookups verification needs (node:dns/promises fits; tests inject their own). */
export interface DnsResolver {
  resolveTxt(name: string): Promise<string[][]>;
  resolveCname(name: string): Promise<string[]>;
}

/** What the lookups found for each record. */
export interface RecordCheck {
  purpose: DnsRecord['purpose'];
  found: boolean;
  /** What was there instead, or the lookup's error code (ENOTFOUND, ENODATA…). */
  detail: string | null;
}

/**
 * Looks each record up. DKIM: a TXT record at the name whose `p=` is our key. SPF: the domain's one
 * `v=spf1` record includes our host (another SPF record may hold other senders too). Return path: the
 * name is a CNAME of our host. A lookup that fails counts as not found, with its code.
 */
export async function checkRecords(records: DnsRecord[], resolver: DnsResolver): Promise<RecordCheck[]> {
  return Promise.all(
    records.map(async (record): Promise<RecordCheck> => {
      try {
        if (record.type === 'CNAME') {
          const names = (await resolver.resolveCname(record.name)).map(normaliseHost);
          const found = names.includes(normaliseHost(record.value));
          return { purpose: record.purpose, found, detail: found ? null : names.join(', ') || 'no CNAME' };
        }
        const texts = (await resolver.resolveTxt(record.name)).map((chunks) => chunks.join(''));
        const found = record.purpose === 'dkim' ? texts.some((t) => dkimKeyOf(t) === dkimKeyOf(record.value)) : texts.some((t) => spfIncludes(t, record.value));
        return { purpose: record.purpose, found, detail: found ? null : texts.join(' | ').slice(0, 300) || 'no TXT' };
      } catch (err) {
        return { purpose: record.purpose, found: false, detail: (err as { code?: string }).code ?? (err as Error).message };
      }
    }),
  );
}

function normaliseHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, '');
}

function dkimKeyOf(text: string): string | null {
  if (!/^\s*v\s*=\s*DKIM1\b/i.test(text) && !/\bp\s*=/.test(text)) return null;
  return /(?:^|;)\s*p\s*=\s*([A-Za-z0-9+/=\s]+)/.exec(text)?.[1]?.replace(/\s+/g, '') ?? null;
}

// Our record reads `v=spf1 include:<host> ~all`; theirs must be an SPF record that includes the same host.
function spfIncludes(text: string, ours: string): boolean {
  if (!/^v=spf1(\s|$)/i.test(text.trim())) return false;
  const host = /include:(\S+)/.exec(ours)?.[1]?.toLowerCase();
  return host !== undefined && text.toLowerCase().split(/\s+/).includes(`include:${host}`);
}
