import smpp from 'smpp';

const { encodings } = smpp;

/** SMPP data_coding values this project sends: 0 the SMSC default alphabet (GSM 03.38), 8 UCS-2. */
export const DATA_CODING = { gsm7: 0, ucs2: 8 } as const;
/** esm_class bits: UDH indicator, and the delivery-receipt message type of a deliver_sm. */
export const ESM_UDHI = 0x40;
export const ESM_RECEIPT = 0x04;

/** The bytes of one part's text in its encoding (GSM 03.38 unpacked, one septet per octet; UCS-2 big-endian). */
export function encodePart(text: string, encoding: 'gsm7' | 'ucs2'): Buffer {
  return encoding === 'gsm7' ? encodings.ASCII.encode(text) : encodings.UCS2.encode(text);
}

/** The concatenation UDH of part `seq` of `total` (8-bit reference): 05 00 03 ref total seq. */
export function concatUdh(ref: number, total: number, seq: number): Buffer {
  return Buffer.from([0x05, 0x00, 0x03, ref & 0xff, total, seq]);
}

/** validity_period in SMPP's relative format (YYMMDDhhmmss000R) for a number of seconds. */
export function relativeValidity(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number): string => String(n).padStart(2, '0');
  return `0000${two(Math.floor(s / 86_400))}${two(Math.floor((s % 86_400) / 3_600))}${two(Math.floor((s % 3_600) / 60))}${two(s % 60)}000R`;
}

/** Seconds of a relative validity_period; null for an absolute or malformed one. */
export function parseRelativeValidity(value: string): number | null {
  const m = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})\d{3}R$/.exec(value);
  if (!m) return null;
  const [, yy, mo, dd, hh, mi, ss] = m.map(Number) as [number, number, number, number, number, number, number];
  return ((yy * 365 + mo * 30 + dd) * 24 + hh) * 3600 + mi * 60 + ss;
}

/** The text of a delivery receipt (SMPP 3.4 appendix B). */
export function receiptText(input: { id: string; stat: string; err: string; submittedAt: Date; doneAt: Date; text: string }): string {
  const stamp = (d: Date): string => d.toISOString().replace(/[-T:]/g, '').slice(2, 12);
  return `id:${input.id} sub:001 dlvrd:${input.stat === 'DELIVRD' ? '001' : '000'} submit date:${stamp(input.submittedAt)} done date:${stamp(input.doneAt)} stat:${input.stat} err:${input.err} text:${input.text.slice(0, 20)}`;
}

/** The message id and stat of a delivery receipt's text; null when it is not one. */
export function parseReceipt(text: string): { id: string; stat: string } | null {
  const id = /(?:^|\s)id:(\S{1,64})/i.exec(text);
  const stat = /(?:^|\s)stat:([A-Za-z]{1,10})/i.exec(text);
  return id && stat ? { id: id[1]!, stat: stat[1]!.toUpperCase() } : null;
}

/** A short_message as the smpp package decodes it (by data_coding; UDH elements as iei, length, data). */
export interface DecodedShortMessage {
  message: string;
  udh?: Buffer[];
}

/** The concatenation fields of a decoded short_message's UDH, null when it has none. */
export function concatOf(sm: DecodedShortMessage): { ref: number; total: number; seq: number } | null {
  const element = sm.udh?.find((e) => e[0] === 0x00 && e[1] === 3 && e.length >= 5);
  return element ? { ref: element[2]!, total: element[3]!, seq: element[4]! } : null;
}

/** The text of a decoded short_message (a library that could not decode it leaves bytes or nothing). */
export function textOf(sm: unknown): string {
  if (typeof sm === 'string') return sm;
  const message = (sm as DecodedShortMessage | null)?.message;
  return typeof message === 'string' ? message : Buffer.isBuffer(message) ? (message as Buffer).toString('latin1') : '';
}
