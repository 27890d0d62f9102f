/**
 * Step between y-axis ticks for a data range (max - min):
 * ≥ 100 → 50, ≥ 50 → 25, ≥ 20 → 10, ≥ 10 → 5, ≥ 4 → 2, ≥ 1 → 0.5, otherwise (and for NaN) 0.1.
 */
export function yAxisStep(range: number): number {
  if (range >= 100) return 50;
  if (range >= 50) return 25;
  if (range >= 20) return 10;
  if (range >= 10) return 5;
  if (range >= 4) return 2;
  if (range >= 1) return 0.5;
  return 0.1;
}
