const TIMES: readonly string[] = Array.from(
  { length: 96 },
  (_, quarter) => `${String(Math.floor(quarter / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}:00+00`,
);

/**
 * Formats instants on whole quarter-hours as timestamptz text ('2025-03-30 01:15:00+00') without
 * a Date per call: the date part is kept while the day stays the same.
 */
export class TimestampText {
  private dayStart = Number.NaN;
  private dayText = '';

  format(instant: number): string {
    const offset = instant - this.dayStart;
    if (!(offset >= 0 && offset < 86_400_000)) {
      this.dayStart = instant - (((instant % 86_400_000) + 86_400_000) % 86_400_000);
      this.dayText = `${new Date(this.dayStart).toISOString().slice(0, 10)} `;
      return this.format(instant);
    }
    return this.dayText + TIMES[Math.floor(offset / 900_000)];
  }
}
