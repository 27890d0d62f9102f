import { randomUUID } from 'node:crypto';

/**
 * What the simulators "sent": text messages the SMS simulator accepted and e-mails the local
 * SMTP server received. Kept in memory, newest first, for the development outbox page and for
 * tests; never used when the real services are configured.
 */
export interface OutboxMessage {
  id: string;
  kind: 'sms' | 'email';
  from: string;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  createdAt: Date;
}

export class Outbox {
  readonly #messages: OutboxMessage[] = [];
  readonly #limit: number;
  readonly #waiters = new Set<() => void>();

  constructor(limit = 500) {
    this.#limit = limit;
  }

  add(message: Omit<OutboxMessage, 'id' | 'createdAt'> & { createdAt?: Date }): OutboxMessage {
    const stored: OutboxMessage = { ...message, id: randomUUID(), createdAt: message.createdAt ?? new Date() };
    this.#messages.unshift(stored);
    if (this.#messages.length > this.#limit) this.#messages.length = this.#limit;
    for (const wake of this.#waiters) wake();
    return stored;
  }

  /** Newest first. */
  list(filter: { to?: string; kind?: OutboxMessage['kind'] } = {}): OutboxMessage[] {
    return this.#messages.filter((m) => (!filter.kind || m.kind === filter.kind) && (!filter.to || m.to.toLowerCase() === filter.to.toLowerCase()));
  }

  /** The newest message matching the filter, waiting up to `timeoutMs` for it to arrive. */
  async waitFor(filter: { to?: string; kind?: OutboxMessage['kind']; after?: Date }, timeoutMs = 5_000): Promise<OutboxMessage> {
    const find = () => this.list(filter).find((m) => !filter.after || m.createdAt >= filter.after);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No ${filter.kind ?? 'message'} to ${filter.to ?? 'anyone'} arrived within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.#waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.#waiters.add(wake);
      });
    }
  }
}
