import { SegmentedMessage } from 'sms-segments-calculator';
import type { SmsEncoding } from '../../../protocol/messaging/sms.js';

/** How a text goes as SMS: its encoding, its units (parts), and the characters that force UCS-2. */
export interface SmsUnits {
  encoding: SmsEncoding;
  units: number;
  nonGsmCharacters: string[];
}

/** The basic GSM-7 table (3GPP TS 23.038) without the escape to the extension table: one septet each. */
export const GSM7_BASIC_CHARACTERS = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_BASIC = new RegExp(`^[${GSM7_BASIC_CHARACTERS.replace(/[\\\]^-]/g, '\\$&')}]*$`);

/**
 * Encoding and units of a text by the segment library (sms-segments-calculator, Twilio's counting):
 * GSM-7 160 in one unit and 153 per unit once split, UCS-2 70 and 67; the GSM-7 extension characters
 * take two positions; any character outside GSM-7 makes the whole message UCS-2.
 */
export function smsUnits(text: string): SmsUnits {
  // Most texts use only the basic GSM-7 table, one septet per character: counted here directly (the library
  // takes about half a millisecond per text, which a 100,000-recipient campaign pays 100,000 times). The
  // answer is the library's (a property test compares them).
  if (GSM7_BASIC.test(text)) return { encoding: 'gsm7', units: text.length <= 160 ? 1 : Math.ceil(text.length / 153), nonGsmCharacters: [] };
  const message = new SegmentedMessage(text);
  const ucs2 = message.encodingName === 'UCS-2';
  return { encoding: ucs2 ? 'ucs2' : 'gsm7', units: message.segmentsCount, nonGsmCharacters: ucs2 ? [...new Set(message.getNonGsmCharacters())] : [] };
}

/** The text of each part of a message as the segment library splits it (never inside a character). */
export function smsPartTexts(text: string): string[] {
  // Basic GSM-7 text is one septet per character: split here directly (the library takes a good part of a
  // millisecond per text, which every SMS handed to SMPP pays). The answer is the library's (a property test compares them).
  if (GSM7_BASIC.test(text)) {
    if (text.length <= 160) return [text];
    return Array.from({ length: Math.ceil(text.length / 153) }, (_, i) => text.slice(i * 153, (i + 1) * 153));
  }
  // Segments subclass Array (its map builds a Segment): read them with a plain loop.
  return new SegmentedMessage(text).segments.map((segment) => {
    let part = '';
    for (const c of segment as Iterable<{ raw?: unknown }>) if (typeof c.raw === 'string') part += c.raw;
    return part;
  });
}
