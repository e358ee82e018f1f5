import type { DnsResolver } from '../../control/messaging/email/domain-records.js';

/** A DNS a test publishes records into, answering as node:dns does (TXT in chunks; ENOTFOUND for a missing name). */
export class DnsTable implements DnsResolver {
  readonly txt = new Map<string, string[][]>();
  readonly cname = new Map<string, string[]>();

  /** Publishes records as a sender domain's answer lists them. */
  publish(records: { type: string; name: string; value: string }[]): void {
    for (const r of records) {
      if (r.type === 'TXT') this.txt.set(r.name, [...(this.txt.get(r.name) ?? []), [r.value]]);
      else this.cname.set(r.name, [r.value]);
    }
  }

  /** The first TXT record at `name`, joined (what a DKIM verifier reads). */
  firstTxt(name: string): string | undefined {
    return this.txt.get(name)?.[0]?.join('');
  }

  async resolveTxt(name: string): Promise<string[][]> {
    return this.txt.get(name) ?? Promise.reject(Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' }));
  }

  async resolveCname(name: string): Promise<string[]> {
    return this.cname.get(name) ?? Promise.reject(Object.assign(new Error(`queryCname ENOTFOUND ${name}`), { code: 'ENOTFOUND' }));
  }
}
