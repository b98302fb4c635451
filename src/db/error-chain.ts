// A database error reaches the service wrapped: Prisma's error holds the driver adapter's error, which holds the
// driver's, each perhaps as `cause`. These look through every layer for a SQLSTATE or a kind.

export interface ErrorLayer {
  code?: unknown;
  kind?: unknown;
  message?: unknown;
}

/** Whether `test` holds for the error or any error it wraps (`cause`, Prisma's `meta.driverAdapterError`, `meta.code`). */
export function someLayer(error: unknown, test: (layer: ErrorLayer) => boolean): boolean {
  const seen = new Set<unknown>();
  const pending = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    if (test(current as ErrorLayer)) return true;
    const { cause, meta } = current as { cause?: unknown; meta?: { driverAdapterError?: unknown; code?: unknown } };
    pending.push(cause, meta?.driverAdapterError, meta?.code === undefined ? undefined : { code: meta.code });
  }
  return false;
}
