import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkTarget, classifyAddress, type Resolver, type TargetCheckOptions } from '../../shared/net/target-check.js';
import { isSentralError } from '../../shared/errors/sentral-error.js';

const fakeDns = (table: Record<string, string[]>): Resolver => async (host) => {
  const found = table[host];
  if (!found) throw new Error('ENOTFOUND');
  return found;
};

const dns = fakeDns({
  'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'localhost': ['127.0.0.1', '::1'],
  'rebind.example.com': ['93.184.215.14', '10.0.0.5'],
  'metadata.example.com': ['169.254.169.254'],
  'mapped.example.com': ['::ffff:192.168.1.1'],
  'empty.example.com': [],
});

const secure = { allowInsecure: false, kind: 'webhook' as const, lookup: dns };
const insecure = { allowInsecure: true, kind: 'webhook' as const, lookup: dns };

async function rejection(url: string, options: TargetCheckOptions = secure): Promise<string> {
  try {
    await checkTarget(url, options);
  } catch (err) {
    if (isSentralError(err, 'invalid_target_url')) return err.message;
    throw err;
  }
  throw new Error(`${url} was accepted`);
}

describe('checkTarget', () => {
  it('accepts an https URL on the default port whose host resolves only to public addresses', async () => {
    const url = await checkTarget('https://hooks.example.com/sentral?x=1', secure);
    expect(url.href).toBe('https://hooks.example.com/sentral?x=1');
    expect((await checkTarget('https://hooks.example.com:443/a', secure)).port).toBe('');
    expect((await checkTarget('https://93.184.215.14/a', secure)).hostname).toBe('93.184.215.14');
  });

  it('refuses plain http, other schemes and non-default ports without the insecure setting', async () => {
    expect(await rejection('http://hooks.example.com/a')).toMatch(/https/);
    expect(await rejection('ftp://hooks.example.com/a')).toMatch(/https/);
    expect(await rejection('javascript:alert(1)')).toMatch(/https/);
    expect(await rejection('file:///etc/passwd')).toMatch(/https/);
    expect(await rejection('https://hooks.example.com:8443/a')).toMatch(/443/);
    expect(await rejection('wss://hooks.example.com/a')).toMatch(/https/);
  });

  it('refuses hosts that resolve to loopback, private, link-local, CGNAT, multicast or unspecified addresses', async () => {
    for (const url of [
      'https://localhost/a',
      'https://127.0.0.1/a',
      'https://127.9.9.9/a',
      'https://10.1.2.3/a',
      'https://172.16.0.1/a',
      'https://172.31.255.255/a',
      'https://192.168.0.10/a',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/a',
      'https://224.0.0.1/a',
      'https://0.0.0.0/a',
      'https://255.255.255.255/a',
      'https://[::1]/a',
      'https://[::]/a',
      'https://[fe80::1]/a',
      'https://[fd00::1]/a',
      'https://[ff02::1]/a',
      'https://[::ffff:127.0.0.1]/a',
      'https://[::ffff:a9fe:a9fe]/a',
      'https://[64:ff9b::a00:1]/a',
      'https://[2002:c0a8:0101::1]/a',
      'https://metadata.example.com/a',
      'https://mapped.example.com/a',
    ]) {
      expect(await rejection(url), url).toMatch(/private, loopback or reserved/);
    }
  });

  it('refuses a host when any one of its addresses is private (DNS rebinding)', async () => {
    expect(await rejection('https://rebind.example.com/a')).toMatch(/private/);
  });

  it('refuses IP literals in the odd forms URL parsers normalise to loopback', async () => {
    for (const url of ['https://2130706433/a', 'https://0x7f.1/a', 'https://0177.0.0.1/a', 'https://127.1/a']) {
      expect(await rejection(url), url).toMatch(/private, loopback or reserved/);
    }
  });

  it('refuses credentials, fragments, empty, overlong and unparsable URLs, and unresolvable hosts', async () => {
    expect(await rejection('https://user:pw@hooks.example.com/a')).toMatch(/credentials/);
    expect(await rejection('https://hooks.example.com/a#frag')).toMatch(/fragment/);
    expect(await rejection('')).toMatch(/required/);
    expect(await rejection(`https://hooks.example.com/${'a'.repeat(3000)}`)).toMatch(/longer/);
    expect(await rejection('not a url')).toMatch(/valid/);
    expect(await rejection('https://nowhere.example.com/a')).toMatch(/does not resolve/);
    expect(await rejection('https://empty.example.com/a')).toMatch(/does not resolve/);
    expect(await rejection(123 as unknown as string)).toMatch(/required/);
  });

  it('with the insecure setting allows loopback over http or https on any port, and nothing else new', async () => {
    expect((await checkTarget('http://127.0.0.1:8123/hook', insecure)).port).toBe('8123');
    expect((await checkTarget('https://localhost:9443/hook', insecure)).hostname).toBe('localhost');
    expect((await checkTarget('http://[::1]:80/hook', insecure)).hostname).toBe('[::1]');
    expect(await rejection('http://10.0.0.1:8080/a', insecure)).toMatch(/private/);
    expect(await rejection('http://hooks.example.com/a', insecure)).toMatch(/443/);
    expect(await rejection('https://rebind.example.com/a', insecure)).toMatch(/private/);
    expect((await checkTarget('https://hooks.example.com/a', insecure)).hostname).toBe('hooks.example.com');
  });

  it('takes wss (or the https endpoint URL) for streams, and ws only on loopback when insecure', async () => {
    const stream = { ...secure, kind: 'stream' as const };
    expect((await checkTarget('wss://hooks.example.com/media', stream)).protocol).toBe('wss:');
    expect((await checkTarget('https://hooks.example.com/media', stream)).protocol).toBe('https:');
    expect(await rejection('ws://hooks.example.com/media', stream)).toMatch(/wss/);
    expect(await rejection('wss://127.0.0.1/media', stream)).toMatch(/private/);
    expect((await checkTarget('ws://127.0.0.1:7000/media', { ...stream, allowInsecure: true })).port).toBe('7000');
    expect(await rejection('ws://hooks.example.com/media', { ...stream, allowInsecure: true })).toMatch(/443/);
  });

  it('resolves real names through the system resolver', async () => {
    expect(await rejection('https://localhost/a', { allowInsecure: false, kind: 'webhook' })).toMatch(/private/);
    expect((await checkTarget('http://localhost:1234/', { allowInsecure: true, kind: 'webhook' })).port).toBe('1234');
  });

  it('never lets an arbitrary string through without https on 443 to a public address', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.webUrl()), async (url) => {
        try {
          const parsed = await checkTarget(url, { allowInsecure: false, kind: 'webhook', lookup: async () => ['10.0.0.1'] });
          expect(parsed.protocol).toBe('https:');
          expect(classifyAddress(parsed.hostname.replace(/^\[|\]$/g, ''))).toBe('public');
        } catch (err) {
          expect(isSentralError(err, 'invalid_target_url')).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('classifyAddress', () => {
  it('says how to allow a refused loopback target in development, and only for loopback', async () => {
    for (const url of ['http://127.0.0.1:3000/hooks', 'http://localhost:3000/hooks', 'https://localhost/hooks', 'https://[::1]/hooks']) {
      expect(await rejection(url), url).toMatch(/SENTRAL_ALLOW_INSECURE_TARGETS=1/);
    }
    for (const url of ['http://hooks.example.com/a', 'https://10.0.0.5/a', 'https://rebind.example.com/a']) {
      expect(await rejection(url), url).not.toMatch(/SENTRAL_ALLOW_INSECURE_TARGETS/);
    }
  });

  it('sorts addresses into public, loopback and blocked', () => {
    expect(classifyAddress('8.8.8.8')).toBe('public');
    expect(classifyAddress('2001:4860:4860::8888')).toBe('public');
    expect(classifyAddress('::ffff:8.8.8.8')).toBe('public');
    expect(classifyAddress('127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::1')).toBe('loopback');
    expect(classifyAddress('::ffff:127.0.0.1')).toBe('loopback');
    expect(classifyAddress('fe80::1%eth0')).toBe('blocked');
    expect(classifyAddress('::ffff:10.0.0.1')).toBe('blocked');
    expect(classifyAddress('::10.0.0.1')).toBe('blocked');
    expect(classifyAddress('2001:db8::1')).toBe('blocked');
    expect(classifyAddress('2001::1')).toBe('blocked');
    expect(classifyAddress('not an ip')).toBe('blocked');
    expect(classifyAddress('')).toBe('blocked');
  });
});

describe('IPv6 forms that embed an IPv4 address are classified by the address they reach', () => {
  it.each([
    ['IPv4-mapped, private', '::ffff:10.0.0.1', 'blocked'],
    ['IPv4-mapped, public', '::ffff:8.8.8.8', 'public'],
    ['IPv4-mapped, loopback', '::ffff:127.0.0.1', 'loopback'],
    ['IPv4-translated, private', '::ffff:0:10.0.0.1', 'blocked'],
    ['IPv4-translated, metadata', '::ffff:0:a9fe:a9fe', 'blocked'],
    ['IPv4-translated, loopback', '::ffff:0:7f00:1', 'blocked'],
    ['IPv4-translated, public', '::ffff:0:8.8.8.8', 'public'],
    ['IPv4-compatible, private', '::10.0.0.1', 'blocked'],
    ['IPv4-compatible, loopback', '::127.0.0.1', 'blocked'],
    ['IPv4-compatible, public', '::8.8.8.8', 'public'],
    ['unspecified', '::', 'blocked'],
    ['IPv6 loopback', '::1', 'loopback'],
    ['NAT64 well-known, private', '64:ff9b::10.0.0.1', 'blocked'],
    ['NAT64 well-known, loopback', '64:ff9b::127.0.0.1', 'blocked'],
    ['NAT64 well-known, public', '64:ff9b::8.8.8.8', 'public'],
    ['NAT64 local-use /96 placement, private', '64:ff9b:1::10.0.0.1', 'blocked'],
    ['NAT64 local-use /48 placement, private', '64:ff9b:1:a00:0:100::', 'blocked'],
    ['NAT64 local-use /64 placement, metadata', '64:ff9b:1:0:a9:fea9:fe00:0', 'blocked'],
    ['6to4, private', '2002:a00:1::1', 'blocked'],
    ['6to4, loopback', '2002:7f00:1::1', 'blocked'],
    ['6to4, public', '2002:808:808::1', 'public'],
    ['Teredo, private client (inverted 10.0.0.1)', '2001:0:808:808::f5ff:fffe', 'blocked'],
    ['Teredo, loopback client (inverted 127.0.0.1)', '2001:0:808:808::80ff:fffe', 'blocked'],
    ['Teredo, private server', '2001:0:a00:1::f7f7:fbfb', 'blocked'],
    ['Teredo, public server and client (inverted 8.8.4.4)', '2001:0:808:808::f7f7:fbfb', 'public'],
    ['other IETF assignments', '2001:2::1', 'blocked'],
    ['documentation', '2001:db8::1', 'blocked'],
    ['ordinary global unicast', '2606:4700::1111', 'public'],
  ])('%s: %s is %s', (_, address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it('refuses https://[::ffff:0:10.0.0.1]/ and a name that resolves to any private embedded form', async () => {
    expect(await rejection('https://[::ffff:0:10.0.0.1]/')).toMatch(/private, loopback or reserved/);
    const embedded = fakeDns({ 'nat64.example.com': ['64:ff9b::a9fe:a9fe'], 'teredo.example.com': ['2001:0:808:808::f5ff:fffe'], 'sixtofour.example.com': ['2002:c0a8:101::1'] });
    for (const host of ['nat64.example.com', 'teredo.example.com', 'sixtofour.example.com']) {
      expect(await rejection(`https://${host}/`, { ...secure, lookup: embedded }), host).toMatch(/private, loopback or reserved/);
    }
  });
});
