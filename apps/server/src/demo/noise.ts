import { hashSeed } from './random.ts';

/**
 * Noise that is a pure function of a key and a position, for the demo's market data and weather:
 * the value at an hour does not depend on where generation started, so the 40-day and the
 * 24-month data sets agree on every hour they share, and no generator state has to be carried.
 */

/** A number in [0, 1) from a seed and an integer: murmur3's finaliser over the pair. */
export function hash01(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index | 0, 0x9e3779b1)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/**
 * Smooth value noise in [-1, 1]: random values at whole positions, eased between them. `position`
 * is in knots (hours / 72 gives a value that drifts over about three days).
 */
export function smoothNoise(seed: number, position: number): number {
  const knot = Math.floor(position);
  const f = position - knot;
  const eased = f * f * (3 - 2 * f);
  const a = hash01(seed, knot) * 2 - 1;
  const b = hash01(seed, knot + 1) * 2 - 1;
  return a + (b - a) * eased;
}

/** A numeric seed for a textual key, for `hash01` and `smoothNoise`. */
export function noiseSeed(key: string): number {
  return hashSeed(`gridline-demo:noise:${key}`);
}
