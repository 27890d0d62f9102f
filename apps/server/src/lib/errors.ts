import { errorCatalogue, type ErrorKey } from '@gridline/contracts/errors';

/** An error a client should see: a stable key, its status, and optional data. */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly status: number;
  readonly data: unknown;

  constructor(key: ErrorKey, options: { message?: string; data?: unknown } = {}) {
    super(options.message ?? errorCatalogue[key].message);
    this.key = key;
    this.status = errorCatalogue[key].status;
    this.data = options.data;
    this.name = key;
  }
}

export const notFound = () => new AppError('NOT_FOUND');
