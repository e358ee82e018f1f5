/**
 * Counts the statements a postgres.js pool sends (its `onQuery` hook, openDatabase's option): a benchmark
 * takes a snapshot before a phase and reads statements, transactions and the most frequent statement shapes
 * per operation after it. pg_stat_statements would do the same on the server; it is not loaded on the
 * machines these benchmarks run on.
 */

/** The counts so far. */
export interface StatementCounts {
  statements: number;
  byShape: Record<string, number>;
}

/** Statements per operation over a phase. */
export interface StatementsPerOperation {
  statements: number;
  /** `begin`s per operation: transactions (and so commits). */
  transactions: number;
  /** The most frequent shapes (first 70 characters, whitespace folded), per operation. */
  top: Record<string, number>;
}

/** A counter to give openDatabase as `onQuery`, with snapshots and differences. */
export interface StatementCounter {
  onQuery(text: string): void;
  snapshot(): StatementCounts;
  /** What was sent since `before`, divided by `operations`. */
  since(before: StatementCounts, operations: number, topN?: number): StatementsPerOperation;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** A new counter. */
export function statementCounter(): StatementCounter {
  let statements = 0;
  const byShape: Record<string, number> = {};
  return {
    onQuery(text) {
      statements++;
      const shape = text.replace(/\s+/g, ' ').trim().slice(0, 70);
      byShape[shape] = (byShape[shape] ?? 0) + 1;
    },
    snapshot: () => ({ statements, byShape: { ...byShape } }),
    since(before, operations, topN = 8) {
      const diff = Object.entries(byShape).map(([shape, n]) => [shape, n - (before.byShape[shape] ?? 0)] as const).filter(([, n]) => n > 0);
      const begins = diff.filter(([shape]) => /^begin\b/i.test(shape)).reduce((sum, [, n]) => sum + n, 0);
      return {
        statements: round2((statements - before.statements) / operations),
        transactions: round2(begins / operations),
        top: Object.fromEntries(diff.sort((a, b) => b[1] - a[1]).slice(0, topN).map(([shape, n]) => [shape, round2(n / operations)])),
      };
    },
  };
}
