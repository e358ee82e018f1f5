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
