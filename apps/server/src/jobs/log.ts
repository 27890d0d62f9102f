/** What the jobs log through: Fastify's pino logger fits, and so does a test's recorder. */
export interface JobLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const silentLog: JobLog = { info() {}, warn() {}, error() {} };

export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
