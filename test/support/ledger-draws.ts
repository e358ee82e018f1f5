import type { Sql } from '../../shared/db/database.js';

/** What the ledger drew (the sum of its capture entries) under each reservation reference named, 0 for none. */
export async function capturedByReference(sql: Sql, references: readonly string[]): Promise<Map<string, number>> {
  const rows = await sql<{ reference: string; captured: string }[]>`
    select r.reference, coalesce(sum(e.amount_ore), 0)::bigint as captured
    from reservations r left join ledger_entries e on e.reservation_id = r.id and e.kind = 'capture'
    where r.reference = any(${[...references]}::text[]) group by r.reference`;
  const out = new Map(references.map((r) => [r, 0]));
  for (const row of rows) out.set(row.reference, Number(row.captured));
  return out;
}

/**
 * What the ledger drew for a call: its own reservations (referenced by the call id, or `<callId>:…` for an
 * inbound routing and forward) and those of everything its price items name (participants, streams,
 * commands), each item's draw beside it.
 */
export async function callDraws(sql: Sql, callId: string, items: readonly { id: string }[]): Promise<{ total: number; byItem: Map<string, number> }> {
  const own = await sql<{ reference: string }[]>`select reference from reservations where reference = ${callId} or starts_with(reference, ${`${callId}:`})`;
  const refs = [...new Set([callId, ...own.map((r) => r.reference), ...items.map((i) => i.id)])];
  const byRef = await capturedByReference(sql, refs);
  const ownTotal = [...byRef].filter(([r]) => r === callId || r.startsWith(`${callId}:`)).reduce((s, [, v]) => s + v, 0);
  const byItem = new Map(items.map((i) => [i.id, i.id === callId ? ownTotal : byRef.get(i.id)!]));
  return { total: [...byRef.values()].reduce((s, v) => s + v, 0), byItem };
}

/** The priceOre of each message's last status event of `type` (sms.status, email.status, letter.status). */
export async function lastStatusPrices(sql: Sql, type: string, ids: readonly string[]): Promise<Map<string, number>> {
  const rows = await sql<{ object_id: string; body: string }[]>`
    select distinct on (object_id) object_id, body from events where object_id = any(${[...ids]}::text[]) and type = ${type} order by object_id, seq desc`;
  return new Map(rows.map((r) => [r.object_id, (JSON.parse(r.body) as { data: { priceOre: number } }).data.priceOre]));
}
