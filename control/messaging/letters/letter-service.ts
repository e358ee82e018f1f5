import type { Clock } from '../../../shared/clock/clock.js';
import type { Tx } from '../../../shared/db/database.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { LetterCreate } from '../../../protocol/messaging/letter.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import type { Profile } from '../../../protocol/api/profiles.js';
import { priceListFor } from '../../billing/price-list.js';
import { messageOf } from '../message-accept.js';
import type { Admitted, MessageSend } from '../message-channel.js';
import { normalNationalId } from '../contacts/contact-fields.js';
import { compileTemplate, findTemplate } from '../templates/templates.js';
import { checkUploadedPdf, renderLetterPdf } from './letter-pdf.js';
import { shownRecipient, type LetterContent } from './letter-view.js';
import { normalOrganisationNumber } from './organisation-number.js';

/**
 * The letter checks of sends whose profile is active with letters on, one by one: the recipient's number
 * checked by its check digits, the document (an uploaded PDF checked, or a text or a letter template
 * rendered to PDF with the company's sender block), then its price; the PDF is stored apart.
 */
export async function admitLetters(tx: Tx, clock: Clock, sends: readonly { send: MessageSend<LetterCreate>; profile: Profile }[]): Promise<(Admitted | SentralError)[]> {
  const admitted: (Admitted | SentralError)[] = [];
  for (const { send, profile } of sends) {
    try {
      admitted.push(await admitLetter(tx, clock, send, profile));
    } catch (err) {
      if (!(err instanceof SentralError)) throw err;
      admitted.push(err);
    }
  }
  return admitted;
}

async function admitLetter(tx: Tx, clock: Clock, send: MessageSend<LetterCreate>, profile: Profile): Promise<Admitted> {
  const { caller, body } = send;
  const given = body.recipient as LetterContent['recipient'];
  const recipient: LetterContent['recipient'] = {
    ...(given.nationalId === undefined ? {} : { nationalId: normalNationalId(given.nationalId, 'recipient.nationalId') }),
    ...(given.organisationNumber === undefined ? {} : { organisationNumber: normalOrganisationNumber(given.organisationNumber, 'recipient.organisationNumber') }),
    ...(given.name === undefined ? {} : { name: given.name }),
    ...(given.address === undefined ? {} : { address: given.address }),
  };
  const printFallback = body.printFallback ?? false;
  if (printFallback && (recipient.name === undefined || recipient.address === undefined)) {
    throw new SentralError('invalid_request', { message: 'printFallback needs the recipient\'s name and address.', param: 'recipient.address' });
  }
  if (recipient.nationalId === undefined && recipient.organisationNumber === undefined && !printFallback) {
    throw new SentralError('invalid_request', { message: 'A letter to a name and address can only be printed: set printFallback.', param: 'printFallback' });
  }
  const [company] = await tx<{ name: string }[]>`select name from companies where id = ${caller.companyId}`;
  const senderName = company!.name;
  const pdf = await documentPdf(tx, caller, body, { sender: [senderName, profile.name], recipient: recipientLines(recipient), dateMs: clock.now(), subject: body.subject });
  const pages = checkUploadedPdf(pdf, 'document.pdf');
  const prices = await priceListFor(tx, caller.companyId);
  const content: LetterContent = { recipient, subject: body.subject, pages, printFallback, sensitivity: body.sensitivity ?? 'normal', senderName };
  return {
    message: messageOf(send, profile, {
      from: profile.id,
      to: shownRecipient(recipient),
      content: content as unknown as Record<string, unknown>,
      priceOre: prices.letterOre,
      sendAtMs: null,
      validUntilMs: null,
    }),
    blobs: [{ name: 'document', contentType: 'application/pdf', body: pdf }],
  };
}

async function documentPdf(tx: Tx, caller: KeyPrincipal, body: LetterCreate, layout: { sender: string[]; recipient: string[]; dateMs: number; subject: string }): Promise<Buffer> {
  const document = body.document as { pdf?: string; text?: string; templateId?: string; data?: Record<string, string> };
  if (document.pdf !== undefined) return Buffer.from(document.pdf, 'base64');
  if (document.text !== undefined) return renderLetterPdf({ ...layout, body: document.text });
  const template = await findTemplate(tx, caller, document.templateId!, 'document.templateId');
  if (template.channel !== 'letter') throw new SentralError('invalid_request', { message: 'The template is not a letter template.', param: 'document.templateId' });
  const given = body.recipient as LetterContent['recipient'];
  const parts = await compileTemplate(template).render({ contact: { name: given.name ?? null, phone: null, email: null, externalRef: body.externalRef ?? null, attributes: document.data ?? {} } });
  return renderLetterPdf({ ...layout, body: parts.body ?? '' });
}

function recipientLines(r: LetterContent['recipient']): string[] {
  if (r.name === undefined) return [];
  return [r.name, ...(r.address ? [...r.address.lines, `${r.address.postalCode} ${r.address.city}`] : [])];
}
