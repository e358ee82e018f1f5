/** DKIM signing material of one sender domain (the private key in PKCS#8 PEM). */
export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/** One file attached to an email. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One email as it goes to the relay: header fields already checked, recipients normalised. */
export interface OutgoingEmail {
  /** The message id (`eml_…`): the envelope id that DSNs quote back and the local part of the return path. */
  id: string;
  /** The From header (an address, optionally with a display name). */
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo?: string;
  subject: string;
  text?: string;
  html?: string;
  attachments: EmailAttachment[];
  /** Extra header fields (names and values already free of CR/LF). */
  headers: Record<string, string>;
  /** The envelope sender (MAIL FROM): where bounces come back. */
  returnPath: string;
  /** The Message-ID header value, without angle brackets. */
  messageIdHeader: string;
  dkim: DkimKey;
}

/** Why the relay would not take one recipient. */
export interface RecipientRefusal {
  address: string;
  /** The SMTP reply code (550, 451…). */
  code: number;
  desc: string;
}

/** What the relay answered to one hand-off. */
export type EmailHandOff =
  /** Taken for at least one recipient; `refused` lists those it refused for good. */
  | { kind: 'accepted'; relayRef: string; accepted: string[]; refused: RecipientRefusal[] }
  /** Refused for good (a 5xx for the message or for every recipient). */
  | { kind: 'refused'; code: number; desc: string; refused: RecipientRefusal[] }
  /** Not taken: try again later (a 4xx, the relay unreachable, the sender domain's rate spent). */
  | { kind: 'retry'; afterMs: number; desc: string }
  /** The message went out but the relay's answer never came: it may or may not have taken it. */
  | { kind: 'unknown'; desc: string };

/** The way out for email: the SMTP relay, or the embedded sink (the same relay adapter pointed at it). */
export interface EmailCarrier {
  /** Hands one email over; never throws for what the relay answers. */
  send(email: OutgoingEmail): Promise<EmailHandOff>;
  close(): Promise<void>;
}
