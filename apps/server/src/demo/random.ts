/**
 * A small seeded pseudo-random generator (mulberry32) for the demo data. Everything the demo
 * generator draws — names, amounts and identifiers — comes from one of these, so the same seed
 * always gives the same data.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
  /** `count` decimal digits (the first may be zero). */
  digits(count: number): string;
  /** A 24-character lowercase hexadecimal identifier (the platform's id form). */
  id(): string;
}

/** 32-bit FNV-1a of a string; turns a textual seed such as 'solvik/ids' into a number seed. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** mulberry32: tiny, fast and good enough for demo data (not for anything secret). */
export function createRandom(seed: number | string): Random {
  let state = (typeof seed === 'string' ? hashSeed(seed) : seed) >>> 0;

  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));

  return {
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick() needs a non-empty array');
      return items[Math.floor(next() * items.length)] as T;
    },
    digits(count) {
      let out = '';
      for (let index = 0; index < count; index += 1) out += String(Math.floor(next() * 10));
      return out;
    },
    id() {
      let out = '';
      for (let index = 0; index < 3; index += 1) {
        out += (Math.floor(next() * 0x100000000) >>> 0).toString(16).padStart(8, '0');
      }
      return out;
    },
  };
}

/** One of `options`, each drawn with a probability proportional to its weight (one draw). */
export function pickWeighted<T>(random: Random, options: ReadonlyArray<readonly [T, number]>): T {
  const total = options.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [value, weight] of options) {
    roll -= weight;
    if (roll < 0) return value;
  }
  const last = options[options.length - 1];
  if (!last) throw new Error('pickWeighted() needs options');
  return last[0];
}
