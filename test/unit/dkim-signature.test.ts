import { createPrivateKey } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { dkimSigned } from '../../carriers/email/dkim-signature.js';
import { newDkimKeyPair } from '../../control/messaging/email/dkim-keys.js';
import { verifyDkim } from '../support/dkim-verifier.js';

describe('DKIM signature', () => {
  it('signs what a verifier accepts: folded headers, bare LF and trailing blanks in the text, an empty body, an attachment', async () => {
    const keys = await newDkimKeyPair();
    const key = { domainName: 'butikk.no', keySelector: 's2026', privateKey: createPrivateKey(keys.privateKey) };
    const lookup = (name: string) => (name === 's2026._domainkey.butikk.no' ? `v=DKIM1; k=rsa; p=${keys.publicKey}` : undefined);
    const messages = [
      { from: 'Åse Ødegård <post@butikk.no>', to: ['a@kunde.no', 'b@kunde.no'], cc: ['c@kunde.no'], subject: 'Kvittering for æøå '.repeat(8), text: 'Takk  \nfor\t\thandelen   \n\n\n', html: '<p>Takk</p>', headers: { 'X-Tag': 'en   to' } },
      { from: 'post@butikk.no', to: ['a@kunde.no'], subject: 'Tom', text: '' },
      { from: 'post@butikk.no', to: ['a@kunde.no'], subject: 'Vedlegg', text: '.punktum først\n.\n', attachments: [{ filename: 'data.bin', content: Buffer.alloc(50_000, 7) }] },
    ];
    for (const [i, message] of messages.entries()) {
      const signed = await dkimSigned(await new MailComposer({ ...message, messageId: `<m${i}@butikk.no>` }).compile().build(), key);
      expect(signed.toString('latin1')).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=butikk\.no;/);
      expect(verifyDkim(signed, lookup)).toEqual({ valid: true, domain: 'butikk.no', selector: 's2026', reason: null });
      // A line added to the body: the signature no longer holds.
      expect(verifyDkim(Buffer.concat([signed, Buffer.from('X\r\n')]), lookup).valid).toBe(false);
    }
  });
});
