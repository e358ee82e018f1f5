import type { TemplatePreview, TemplatePreviewRequest } from '../../../protocol/messaging/template.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import type { Db } from '../../../shared/db/database.js';
import { priceListFor } from '../../billing/price-list.js';
import { findContact, type ContactRow } from '../contacts/contacts.js';
import type { TemplateScope } from './template-engine.js';
import { compileTemplate, findTemplate, type TemplateRulesFor } from './templates.js';

/** What a template sees of a contact: its fields and attributes, never its national identity number. */
export function contactScope(contact: Pick<ContactRow, 'name' | 'phone' | 'email' | 'external_ref' | 'attributes'>): TemplateScope {
  return { contact: { name: contact.name, phone: contact.phone, email: contact.email, externalRef: contact.external_ref, attributes: contact.attributes } };
}

/**
 * Renders a template for one of the profile's contacts, or for sample data, and prices the result at the
 * company's prices (an SMS with its encoding and units). Template errors name the part and the line.
 */
export async function previewTemplate(db: Db, caller: KeyPrincipal, id: string, request: TemplatePreviewRequest, rulesFor: TemplateRulesFor): Promise<TemplatePreview> {
  const template = await findTemplate(db, caller, id);
  if (request.contactId !== undefined && request.sample !== undefined) {
    throw new SentralError('invalid_request', { message: 'Give contactId or sample, not both.', param: 'sample' });
  }
  let scope: TemplateScope;
  if (request.contactId !== undefined) {
    const contact = await findContact(db, caller, request.contactId).catch((err: unknown) => {
      throw err instanceof SentralError && err.code === 'not_found' ? new SentralError('not_found', { message: 'No such contact.', param: 'contactId' }) : err;
    });
    if (contact.profile_id !== template.profile_id) throw new SentralError('not_found', { message: "No such contact in the template's profile.", param: 'contactId' });
    scope = contactScope(contact);
  } else {
    const s = request.sample ?? {};
    scope = { contact: { name: s.name ?? null, phone: s.phone ?? null, email: s.email ?? null, externalRef: s.externalRef ?? null, attributes: s.attributes ?? {} } };
  }
  const parts = await compileTemplate(template).render(scope);
  const price = rulesFor(template.channel).price(parts, await priceListFor(db, caller.companyId));
  return { object: 'template_preview', templateId: template.id, channel: template.channel, ...parts, sms: price.sms, priceOre: price.priceOre };
}
