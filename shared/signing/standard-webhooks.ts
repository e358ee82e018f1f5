import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  sign as edSign,
  type KeyObject,
} from 'node:crypto';

// The Standard Webhooks scheme: signed text `<id>.<timestamp>.<body>`, HMAC-SHA256 (`v1`) and Ed25519 (`v1a`).
// This is the signing half; receivers verify with the client package (clients/typescript/src/signature.ts).

const SECRET_PREFIX = 'whsec_';
const PRIVATE_PREFIX = 'whsk_';
const PUBLIC_PREFIX = 'whpk_';
// DER headers that turn a raw 32-byte Ed25519 seed / public key into PKCS8 / SPKI, which node:crypto imports.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** An Ed25519 key pair in the scheme's text forms. */
export interface Ed25519KeyPair {
  /** `whsk_` + base64 of seed(32) + public key(32). */
  privateKey: string;
  /** `whpk_` + base64 of the 32-byte public key. */
  publicKey: string;
}

/** A new random HMAC secret, `whsec_` + base64 of 32 random bytes. */
export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** A new random Ed25519 key pair (`whsk_…`, `whpk_…`). */
export function generateEd25519(): Ed25519KeyPair {
  const seed = randomBytes(32);
  const publicRaw = rawPublicKey(privateKeyFromSeed(seed));
  return {
    privateKey: PRIVATE_PREFIX + Buffer.concat([seed, publicRaw]).toString('base64'),
    publicKey: PUBLIC_PREFIX + publicRaw.toString('base64'),
  };
}

/** The `whpk_` public key that belongs to a `whsk_` private key. */
export function publicKeyOf(privateKey: string): string {
  return PUBLIC_PREFIX + rawPublicKey(parsePrivateKey(privateKey)).toString('base64');
}

/** The `v1,<base64>` HMAC-SHA256 signature of `<id>.<timestamp>.<body>` with a `whsec_` secret. */
export function signV1(secret: string, id: string, timestampSeconds: number, body: string): string {
  return `v1,${hmac(secretBytes(secret), signedContent(id, timestampSeconds, body)).toString('base64')}`;
}

/** The `v1a,<base64>` Ed25519 signature of `<id>.<timestamp>.<body>` with a `whsk_` private key. */
export function signV1a(privateKey: string, id: string, timestampSeconds: number, body: string): string {
  const signature = edSign(null, Buffer.from(signedContent(id, timestampSeconds, body)), signingKey(privateKey));
  return `v1a,${signature.toString('base64')}`;
}

/**
 * The webhook-signature header value: one `v1` entry per secret (every unexpired secret during a rotation
 * grace) and a `v1a` entry when an Ed25519 key is given, separated by spaces.
 */
export function signatureHeader(
  secrets: readonly string[],
  ed25519PrivateKey: string | undefined,
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  const entries = secrets.map((s) => signV1(s, id, timestampSeconds, body));
  if (ed25519PrivateKey !== undefined) entries.push(signV1a(ed25519PrivateKey, id, timestampSeconds, body));
  return entries.join(' ');
}

function signedContent(id: string, timestampSeconds: number, body: string): string {
  return `${id}.${timestampSeconds}.${body}`;
}

function hmac(key: Buffer, content: string | Buffer): Buffer {
  return createHmac('sha256', key).update(content).digest();
}

function secretBytes(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('a webhook secret starts with whsec_');
  const key = decodeBase64(secret.slice(SECRET_PREFIX.length));
  if (key === null || key.length === 0) throw new Error('a webhook secret is whsec_ followed by base64');
  return key;
}

// Private keys parsed for signing, by their text: node:crypto takes about 590 µs to import an Ed25519 key
// and 50 µs to sign with it, and the dispatcher signs with each endpoint's key again and again.
const signingKeys = new Map<string, KeyObject>();
const SIGNING_KEYS_KEPT = 1024;

function signingKey(privateKey: string): KeyObject {
  let key = signingKeys.get(privateKey);
  if (key === undefined) {
    key = parsePrivateKey(privateKey);
    // The oldest key parsed goes first (a Map iterates in insertion order).
    if (signingKeys.size >= SIGNING_KEYS_KEPT) signingKeys.delete(signingKeys.keys().next().value!);
    signingKeys.set(privateKey, key);
  }
  return key;
}

function parsePrivateKey(privateKey: string): KeyObject {
  const raw = privateKey.startsWith(PRIVATE_PREFIX) ? decodeBase64(privateKey.slice(PRIVATE_PREFIX.length)) : null;
  // Either the seed alone or seed + public key; the seed is all node:crypto needs.
  if (raw === null || (raw.length !== 64 && raw.length !== 32)) {
    throw new Error('an Ed25519 private key is whsk_ followed by base64 of 32 or 64 bytes');
  }
  return privateKeyFromSeed(raw.subarray(0, 32));
}

function privateKeyFromSeed(seed: Buffer): KeyObject {
  return createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

function rawPublicKey(privateKey: KeyObject): Buffer {
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return spki.subarray(SPKI_ED25519_PREFIX.length);
}

// Strict base64: Buffer.from silently skips invalid characters, which would make garbage "verify" shapes.
function decodeBase64(text: string): Buffer | null {
  if (text.length === 0 || text.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  return Buffer.from(text, 'base64');
}
