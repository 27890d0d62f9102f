const QUARTER_MS = 900_000;
const DAY_MS = 86_400_000;
const TIMES: readonly string[] = Array.from(
  { length: 96 },
  (_, quarter) => `${String(Math.floor(quarter / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}:00+00`,
);

/**
 * Formats instants as timestamptz text for COPY ('2025-03-30 01:15:00+00') without a Date per
 * call: the date part is kept while the day stays the same, and the time of a whole quarter-hour
 * (every reading's and price's start) comes from a table. `toISOString` costs more than the rest
 * of a reading's line together. Other instants are formatted in full.
 */
export class TimestampText {
  private dayStart = Number.NaN;
  private dayText = '';

  format(instant: number): string {
    const offset = instant - this.dayStart;
    if (!(offset >= 0 && offset < DAY_MS)) {
      this.dayStart = instant - (((instant % DAY_MS) + DAY_MS) % DAY_MS);
      this.dayText = `${new Date(this.dayStart).toISOString().slice(0, 10)} `;
      return this.format(instant);
    }
    return offset % QUARTER_MS === 0 ? this.dayText + TIMES[offset / QUARTER_MS] : new Date(instant).toISOString();
  }
}
