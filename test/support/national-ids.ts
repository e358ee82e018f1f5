/** A national identity number with both check digits right, from nine digits (null when none exists). */
export function nationalId(nine: string): string | null {
  const d = [...nine].map(Number);
  const check = (weights: number[], digits: number[]) => {
    const k = 11 - (weights.reduce((a, w, i) => a + w * digits[i]!, 0) % 11);
    return k === 11 ? 0 : k;
  };
  const k1 = check([3, 7, 6, 1, 8, 9, 4, 5, 2], d);
  if (k1 === 10) return null;
  const k2 = check([5, 4, 3, 2, 7, 6, 5, 4, 3, 2], [...d, k1]);
  return k2 === 10 ? null : `${nine}${k1}${k2}`;
}

/** Valid national identity numbers born on `birth` (DDMMYY), one after another from `serial` on. */
export function nationalIds(birth: string, serial = 100): () => string {
  return () => {
    for (;;) {
      const id = nationalId(`${birth}${String(serial++).padStart(3, '0')}`);
      if (id) return id;
    }
  };
}
