/**
 * What came back about one recipient of a sent email: a delivery status notification (RFC 3464) from the
 * relay, a complaint (an ARF feedback report, RFC 5965), or the embedded sink taking it.
 */
export interface DeliveryReport {
  /** The message id (`eml_…`) the report is about; null when the report names none we sent. */
  messageId: string | null;
  /** The recipient, lower-cased. */
  recipient: string;
  /** delivered (or relayed onwards), bounced for good, delayed (the relay still tries), complained. */
  outcome: 'delivered' | 'bounced' | 'delayed' | 'complained';
  /** The enhanced status code (5.1.1) or the feedback type (abuse). */
  status: string;
  /** The remote server's words (Diagnostic-Code), when given. */
  diagnostic: string | null;
}

const MESSAGE_ID = /\beml_[0-9a-hjkmnp-tv-z]{26}\b/;

/**
 * Reads the machine-readable part of a DSN (`message/delivery-status`) into one report per recipient.
 * The message is found by the envelope id (ENVID, which sentral sets to the message id), else by the
 * return path the DSN was sent to (`<id>@…`), else by the original Message-ID header.
 */
export function parseDeliveryStatus(statusText: string, hints: { returnPath?: string; originalHeaders?: string }): DeliveryReport[] {
  const [messageFields, ...recipientBlocks] = fieldBlocks(statusText);
  const messageId =
    messageIdIn(messageFields?.get('original-envelope-id')) ?? messageIdIn(hints.returnPath) ?? messageIdIn(messageIdHeaderOf(hints.originalHeaders));
  const reports: DeliveryReport[] = [];
  for (const fields of recipientBlocks) {
    const recipient = addressOf(fields.get('final-recipient') ?? fields.get('original-recipient'));
    const action = (fields.get('action') ?? '').toLowerCase();
    if (!recipient) continue;
    const outcome = outcomeOf(action);
    if (!outcome) continue;
    reports.push({ messageId, recipient, outcome, status: (fields.get('status') ?? '').trim(), diagnostic: fields.get('diagnostic-code')?.replace(/^\s*smtp;\s*/i, '').slice(0, 500) ?? null });
  }
  return reports;
}

/** Reads an ARF feedback report (`message/feedback-report`): a recipient complained about a message. */
export function parseFeedbackReport(reportText: string, hints: { returnPath?: string; originalHeaders?: string }): DeliveryReport[] {
  const [fields] = fieldBlocks(reportText);
  if (!fields) return [];
  const recipient = addressOf(fields.get('original-rcpt-to') ?? toHeaderOf(hints.originalHeaders));
  if (!recipient) return [];
  const messageId = messageIdIn(hints.returnPath) ?? messageIdIn(messageIdHeaderOf(hints.originalHeaders)) ?? messageIdIn(fields.get('original-mail-from'));
  return [{ messageId, recipient, outcome: 'complained', status: (fields.get('feedback-type') ?? 'abuse').trim().toLowerCase(), diagnostic: null }];
}

function outcomeOf(action: string): DeliveryReport['outcome'] | null {
  if (action === 'failed') return 'bounced';
  if (action === 'delayed') return 'delayed';
  // relayed: handed to a server that sends no reports; expanded: delivered to a list. Both are as far as we can see.
  if (action === 'delivered' || action === 'relayed' || action === 'expanded') return 'delivered';
  return null;
}

/** Splits header-style fields into blank-line separated blocks, folding continuation lines. */
function fieldBlocks(text: string): Map<string, string>[] {
  const blocks: Map<string, string>[] = [];
  let current: Map<string, string> | null = null;
  let lastName: string | null = null;
  for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
    if (line.trim() === '') {
      current = null;
      lastName = null;
      continue;
    }
    if (/^[ \t]/.test(line) && current && lastName) {
      current.set(lastName, `${current.get(lastName)} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    if (!current) {
      current = new Map();
      blocks.push(current);
    }
    lastName = line.slice(0, colon).trim().toLowerCase();
    current.set(lastName, line.slice(colon + 1).trim());
  }
  return blocks;
}

// "rfc822; bad@example.com" → "bad@example.com"
function addressOf(field: string | undefined): string | null {
  if (!field) return null;
  const value = field.includes(';') ? field.slice(field.indexOf(';') + 1) : field;
  const address = /<([^>]+)>/.exec(value)?.[1] ?? value;
  const trimmed = address.trim().toLowerCase();
  return trimmed.includes('@') ? trimmed : null;
}

/** The message id (`eml_…`) a return path, envelope id or Message-ID names; null when none. */
export function messageIdIn(text: string | undefined | null): string | null {
  return text ? (MESSAGE_ID.exec(text)?.[0] ?? null) : null;
}

function headerOf(headers: string | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const [fields] = fieldBlocks(headers);
  return fields?.get(name);
}

function messageIdHeaderOf(headers: string | undefined): string | undefined {
  return headerOf(headers, 'message-id');
}

function toHeaderOf(headers: string | undefined): string | undefined {
  return headerOf(headers, 'to');
}
