import { SentralError } from '../errors/sentral-error.js';

/** One page of a list: the API's list shape. */
export interface Page<T> {
  object: 'list';
  data: T[];
  hasMore: boolean;
  /** The id of the last item, to pass back as the cursor; null on an empty page. */
  nextCursor: string | null;
}

/** Builds a page from rows fetched with `limit + 1` (the extra row only tells that more exist). */
export function pageOf<R, T extends { id: string }>(rows: R[], limit: number, map: (row: R) => T): Page<T> {
  const data = rows.slice(0, limit).map(map);
  return { object: 'list', data, hasMore: rows.length > limit, nextCursor: data.at(-1)?.id ?? null };
}

/**
 * The `seq` of a list's cursor, found by `lookup` (`select seq …` of the row the cursor names, as far as the
 * caller may see it): an unknown cursor is the caller's mistake (`invalid_request` on `param`), not an empty page.
 */
export async function cursorSeq(lookup: PromiseLike<readonly { seq: number }[]>, noun: string, param: 'before' | 'after'): Promise<number> {
  const [cursor] = await lookup;
  if (!cursor) throw new SentralError('invalid_request', { message: `The cursor names no ${noun} of this account.`, param });
  return cursor.seq;
}
