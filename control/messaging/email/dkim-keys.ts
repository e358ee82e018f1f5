import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';

const generate = promisify(generateKeyPair);

/** A sender domain's DKIM key pair: the private key signs, the public one is published in DNS. */
export interface DkimKeyPair {
  /** PKCS#8 PEM. */
  privateKey: string;
  /** The SubjectPublicKeyInfo, base64 DER: the `p=` of the DKIM record. */
  publicKey: string;
}

/** A new 2048-bit RSA key pair (rsa-sha256, what every receiver verifies). */
export async function newDkimKeyPair(): Promise<DkimKeyPair> {
  const { privateKey, publicKey } = await generate('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'der' },
  });
  return { privateKey, publicKey: (publicKey as unknown as Buffer).toString('base64') };
}
