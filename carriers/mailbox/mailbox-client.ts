import type { LetterHandOff, MailboxCarrier, MailboxEvent, OutgoingLetter } from './mailbox-carrier.js';

/**
 * The digital mailbox service's HTTP API: POST /messages (JSON, the PDF in base64) and GET /events.
 * Every failure to get an answer is "try again": the service keys letters by the sender's message id, so
 * a letter sent twice is delivered once.
 */
export class MailboxClient implements MailboxCarrier {
  constructor(
    private readonly baseUrl: string,
    private readonly options: { timeoutMs?: number; retryAfterMs?: number } = {},
  ) {}

  async deliver(letter: OutgoingLetter): Promise<LetterHandOff> {
    const retryAfterMs = this.options.retryAfterMs ?? 30_000;
    let res: Response;
    try {
      res = await fetch(new URL('messages', this.base()), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...letter, pdf: letter.pdf.toString('base64') }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
    } catch (err) {
      return { kind: 'retry', afterMs: retryAfterMs, desc: `mailbox service unreachable: ${(err as Error).message}`.slice(0, 300) };
    }
    const body = (await res.json().catch(() => ({}))) as { status?: string; code?: string; message?: string };
    if (res.ok && (body.status === 'DELIVERED' || body.status === 'DELIVERED_TO_PRINT')) {
      return { kind: 'delivered', channel: body.status === 'DELIVERED' ? 'digital' : 'print' };
    }
    if (res.status === 404 && body.code === 'UNKNOWN_RECIPIENT') return { kind: 'refused', code: 'recipient_has_no_mailbox', desc: body.message ?? 'The recipient has no digital mailbox.' };
    if (res.status === 400 && body.code === 'INVALID_DOCUMENT') return { kind: 'refused', code: 'pdf_invalid', desc: body.message ?? 'The mailbox service refused the document.' };
    return { kind: 'retry', afterMs: retryAfterMs, desc: `mailbox service answered ${res.status}: ${body.message ?? ''}`.slice(0, 300) };
  }

  async eventsAfter(seq: number, limit: number): Promise<MailboxEvent[]> {
    const url = new URL('events', this.base());
    url.searchParams.set('after', String(seq));
    url.searchParams.set('limit', String(limit));
    const res = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000) });
    if (!res.ok) throw new Error(`mailbox events answered ${res.status}`);
    return ((await res.json()) as { events: MailboxEvent[] }).events;
  }

  private base(): string {
    return this.baseUrl.endsWith('/') ? this.baseUrl : `${this.baseUrl}/`;
  }
}
