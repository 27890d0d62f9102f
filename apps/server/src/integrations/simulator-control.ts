import type { SimulatedOrder, SimulatedPerson, SimulatorAction } from './bankid/simulator.ts';
import type { OutboxMessage } from './outbox/outbox.ts';

/**
 * What the development pages (`/dev/bankid`, `/dev/outbox`) do with the simulators: what a
 * tester does in the "BankID app", and reading the outbox. In one process these are the
 * simulators themselves; with WORKERS the simulators run in the primary (their state is theirs
 * alone), and a worker's pages reach them through the calls below, over the cluster's IPC
 * channel (decision 0032), so that every worker shows the same orders and messages.
 */
type Awaitable<T> = T | Promise<T>;

export interface BankIdControls {
  orders(): Awaitable<SimulatedOrder[]>;
  scanQr(data: string): Awaitable<SimulatorAction>;
  autoStart(autoStartToken: string): Awaitable<SimulatorAction>;
  setPendingHint(orderRef: string, hintCode: string): Awaitable<SimulatorAction>;
  approve(orderRef: string, person: SimulatedPerson): Awaitable<SimulatorAction>;
  fail(orderRef: string, hintCode: string): Awaitable<SimulatorAction>;
}

export interface OutboxReader {
  list(filter?: { to?: string; kind?: OutboxMessage['kind'] }): Awaitable<OutboxMessage[]>;
}

export interface DevPageControls {
  bankid: BankIdControls;
  outbox: OutboxReader;
  /** The key that opens the pages (decision 0019): the same in every process. */
  devKey: string;
}

const BANKID_METHODS = ['orders', 'scanQr', 'autoStart', 'setPendingHint', 'approve', 'fail'] as const satisfies ReadonlyArray<keyof BankIdControls>;

/** A call from a worker to the primary, and its answer. */
interface Call {
  gridline: 'call';
  id: number;
  target: string;
  method: string;
  args: unknown[];
}
interface Answer {
  gridline: 'answer';
  id: number;
  value?: unknown;
  error?: string;
}

const isCall = (message: unknown): message is Call =>
  typeof message === 'object' && message !== null && (message as Call).gridline === 'call' && typeof (message as Call).id === 'number' && Array.isArray((message as Call).args);
const isAnswer = (message: unknown): message is Answer => typeof message === 'object' && message !== null && (message as Answer).gridline === 'answer' && typeof (message as Answer).id === 'number';

/** What the primary answers: named targets, each a table of methods. Nothing else is callable. */
export type CallHandlers = Record<string, Record<string, (...args: never[]) => unknown>>;

export interface MessageChannel {
  on(event: 'message', listener: (message: unknown) => void): unknown;
  send(message: unknown): boolean;
  isConnected?(): boolean;
}

/** The primary's side: answers one worker's calls with `handlers`. */
export function answerCalls(worker: MessageChannel, handlers: CallHandlers): void {
  worker.on('message', (message) => {
    if (!isCall(message)) return;
    const reply = (answer: Omit<Answer, 'gridline' | 'id'>) => {
      if (worker.isConnected?.() === false) return;
      worker.send({ gridline: 'answer', id: message.id, ...answer } satisfies Answer);
    };
    const method = Object.hasOwn(handlers, message.target) && Object.hasOwn(handlers[message.target]!, message.method) ? handlers[message.target]![message.method] : undefined;
    if (!method) {
      reply({ error: `no such call: ${message.target}.${message.method}` });
      return;
    }
    Promise.resolve()
      .then(() => (method as (...args: unknown[]) => unknown)(...message.args))
      .then(
        (value) => reply({ value }),
        (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
      );
  });
}

/** The worker's side: calls into the primary over this process's IPC channel. */
export function primaryCaller(channel: MessageChannel = processChannel(), timeoutMs = 10_000): (target: string, method: string, args?: unknown[]) => Promise<unknown> {
  let next = 1;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void; timer: NodeJS.Timeout }>();
  channel.on('message', (message) => {
    if (!isAnswer(message)) return;
    const call = waiting.get(message.id);
    if (!call) return;
    waiting.delete(message.id);
    clearTimeout(call.timer);
    if (message.error !== undefined) call.reject(new Error(`The primary process answered: ${message.error}`));
    else call.resolve(message.value);
  });
  return (target, method, args = []) =>
    new Promise((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`The primary process did not answer ${target}.${method} within ${timeoutMs} ms`));
      }, timeoutMs);
      timer.unref();
      waiting.set(id, { resolve, reject, timer });
      try {
        channel.send({ gridline: 'call', id, target, method, args } satisfies Call);
      } catch (error) {
        waiting.delete(id);
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
}

function processChannel(): MessageChannel {
  if (!process.send) throw new Error('This process has no IPC channel: it was not started as a worker');
  const send = process.send.bind(process);
  return {
    on: (event, listener) => process.on(event, listener),
    // With a callback, a closed channel is an error passed to it rather than an 'error' event that
    // would end the process; the call then fails by its timeout (and the worker ends on 'disconnect').
    send: (message) => send(message as never, undefined, undefined, () => {}),
    isConnected: () => process.connected,
  };
}

/** The development pages' controls in a worker: every call goes to the simulators in the primary. */
export function remoteDevPageControls(call: (target: string, method: string, args?: unknown[]) => Promise<unknown>, devKey: string): DevPageControls {
  const bankid = Object.fromEntries(BANKID_METHODS.map((method) => [method, (...args: unknown[]) => call('bankid', method, args)])) as unknown as BankIdControls;
  return {
    bankid,
    outbox: { list: (filter = {}) => call('outbox', 'list', [filter]) as Promise<OutboxMessage[]> },
    devKey,
  };
}

/** The handlers the primary offers for the development pages, from the simulators it runs. */
export function devPageHandlers(controls: Pick<DevPageControls, 'bankid' | 'outbox'>): CallHandlers {
  const bankid = Object.fromEntries(BANKID_METHODS.map((method) => [method, (...args: never[]) => (controls.bankid[method] as (...a: never[]) => unknown).apply(controls.bankid, args)]));
  return { bankid, outbox: { list: (filter: never) => controls.outbox.list(filter) } };
}
