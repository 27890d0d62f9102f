/**
 * The development clock (decision 0051). Under the sign-in simulators the API's services read the
 * time from here, and the development page `/dev/clock.json` (behind the printed key) moves it, so
 * a browser test sees a disruption's schedule begin and end without waiting for it. It is an
 * offset from the machine's clock, kept in the process: with WORKERS=n each API process has its
 * own, so a test that moves it runs against one process (as the browser tests do).
 */
export class DevClock {
  private offsetMs = 0;
  private readonly listeners: Array<() => void> = [];

  readonly now = (): number => Date.now() + this.offsetMs;

  get offsetSeconds(): number {
    return this.offsetMs / 1000;
  }

  setOffsetSeconds(seconds: number): void {
    this.offsetMs = seconds * 1000;
    this.moved();
  }

  /** Moves the clock on by `ms` (the API tests' time travel goes through the same clock). */
  advance(ms: number): void {
    this.offsetMs += ms;
    this.moved();
  }

  /** Work that the real clock would start when its time comes (a scheduled release), started when this clock moves. */
  onMove(listener: () => void): void {
    this.listeners.push(listener);
  }

  private moved(): void {
    for (const listener of this.listeners) listener();
  }
}
