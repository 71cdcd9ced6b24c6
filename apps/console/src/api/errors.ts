/** A failed API call, carrying the server's `reason` (ARCHITECTURE §4) for SPEC §8's messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly code?: string,
    readonly field?: string,
    /** The whole error body, for answers that carry more than the reason (a bulk refusal's `ineligible`). */
    readonly body?: Readonly<Record<string, unknown>>,
  ) {
    super(reason);
    this.name = 'ApiError';
  }
}

/** The reason to show for any failure: the server's reason field, else the message (SPEC §8). */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiError) return error.reason;
  if (error instanceof Error) return error.message;
  return String(error);
}
