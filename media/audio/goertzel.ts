/** The Goertzel coefficient (2·cos ω) of a filter for `hz` at sample rate `rate`. */
export function goertzelCoefficient(hz: number, rate: number): number {
  return 2 * Math.cos((2 * Math.PI * hz) / rate);
}

/**
 * The Goertzel power of the first `n` samples at the filter of `coefficient`: (A·N/2)² for a pure tone of
 * amplitude A at the filter's frequency.
 */
export function goertzelPower(samples: ArrayLike<number>, n: number, coefficient: number): number {
  let s1 = 0;
  let s2 = 0;
  for (let k = 0; k < n; k++) {
    const s0 = samples[k]! + coefficient * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return s1 * s1 + s2 * s2 - coefficient * s1 * s2;
}
