import { describe, expect, it } from 'vitest';
import { checkRecords, domainRecords, type DnsResolver } from '../../control/messaging/email/domain-records.js';
import { newDkimKeyPair } from '../../control/messaging/email/dkim-keys.js';

const settings = { spfInclude: 'spf.sentral.example', returnPathHost: 'bounce.sentral.example' };

// A resolver over a table, answering as node:dns does (TXT records in chunks; ENOTFOUND for missing names).
function resolver(txt: Record<string, string[][]>, cname: Record<string, string[]>): DnsResolver {
  const missing = (name: string) => Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return {
    resolveTxt: async (name) => txt[name] ?? Promise.reject(missing(name)),
    resolveCname: async (name) => cname[name] ?? Promise.reject(missing(name)),
  };
}

describe('sender domain records', () => {
  it('lists the DKIM key, the SPF include and the return-path CNAME to publish', async () => {
    const { publicKey } = await newDkimKeyPair();
    expect(domainRecords('butikk.no', 's2026', publicKey, settings)).toEqual([
      { purpose: 'dkim', type: 'TXT', name: 's2026._domainkey.butikk.no', value: `v=DKIM1; k=rsa; p=${publicKey}` },
      { purpose: 'spf', type: 'TXT', name: 'butikk.no', value: 'v=spf1 include:spf.sentral.example ~all' },
      { purpose: 'return_path', type: 'CNAME', name: 'bounces.butikk.no', value: 'bounce.sentral.example' },
    ]);
  });

  it('finds records published as a DNS host serves them (the key split in chunks, SPF with other includes, a trailing dot)', async () => {
    const { publicKey } = await newDkimKeyPair();
    const records = domainRecords('butikk.no', 's1', publicKey, settings);
    const dkim = `v=DKIM1; k=rsa; p=${publicKey}`;
    const found = await checkRecords(
      records,
      resolver(
        { 's1._domainkey.butikk.no': [[dkim.slice(0, 255), dkim.slice(255)]], 'butikk.no': [['google-site-verification=x'], ['v=spf1 include:_spf.google.com include:spf.sentral.example -all']] },
        { 'bounces.butikk.no': ['Bounce.Sentral.Example.'] },
      ),
    );
    expect(found).toEqual([
      { purpose: 'dkim', found: true, detail: null },
      { purpose: 'spf', found: true, detail: null },
      { purpose: 'return_path', found: true, detail: null },
    ]);
  });

  it('reports what is missing or wrong: another key, SPF without our include, no CNAME', async () => {
    const [ours, theirs] = [await newDkimKeyPair(), await newDkimKeyPair()];
    const records = domainRecords('butikk.no', 's1', ours.publicKey, settings);
    const found = await checkRecords(
      records,
      resolver({ 's1._domainkey.butikk.no': [[`v=DKIM1; k=rsa; p=${theirs.publicKey}`]], 'butikk.no': [['v=spf1 include:spf.sentral.example.evil.test ~all']] }, {}),
    );
    expect(found.map((c) => [c.purpose, c.found])).toEqual([
      ['dkim', false],
      ['spf', false],
      ['return_path', false],
    ]);
    expect(found[2]!.detail).toBe('ENOTFOUND');
  });
});
