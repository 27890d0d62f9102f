/**
 * A whole number typed into a field, when it lies within the bounds: '75' → 75; '', '7.5',
 * '1e2', ' 80 ' with letters, or a number outside [min, max] → null. Surrounding spaces are
 * allowed.
 */
export function parseWholeNumber(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}
