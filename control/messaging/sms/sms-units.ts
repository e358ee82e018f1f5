import { SegmentedMessage } from 'sms-segments-calculator';
import type { SmsEncoding } from '../../../protocol/messaging/sms.js';

/** How a text goes as SMS: its encoding, its units (parts), and the characters that force UCS-2. */
export interface SmsUnits {
  encoding: SmsEncoding;
  units: number;
  nonGsmCharacters: string[];
}

/**
 * Encoding and units of a text by the segment library (sms-segments-calculator, Twilio's counting):
 * GSM-7 160 in one unit and 153 per unit once split, UCS-2 70 and 67; the GSM-7 extension characters
 * take two positions; any character outside GSM-7 makes the whole message UCS-2.
 */
export function smsUnits(text: string): SmsUnits {
  const message = new SegmentedMessage(text);
  const ucs2 = message.encodingName === 'UCS-2';
  return { encoding: ucs2 ? 'ucs2' : 'gsm7', units: message.segmentsCount, nonGsmCharacters: ucs2 ? [...new Set(message.getNonGsmCharacters())] : [] };
}

/** The text of each part of a message as the segment library splits it (never inside a character). */
export function smsPartTexts(text: string): string[] {
  // Segments subclass Array (its map builds a Segment): read them with a plain loop.
  return new SegmentedMessage(text).segments.map((segment) => {
    let part = '';
    for (const c of segment as Iterable<{ raw?: unknown }>) if (typeof c.raw === 'string') part += c.raw;
    return part;
  });
}
