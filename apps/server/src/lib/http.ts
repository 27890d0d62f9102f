/** The `{ status, data }` envelope every answer uses. */
export function ok<T>(data: T, status = 200): { status: number; data: T } {
  return { status, data };
}

export function paged<T>(data: T[], pagination: { limit: number; page: number; total: number }) {
  return { status: 200, data, pagination };
}
