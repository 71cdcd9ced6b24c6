/** An error a route throws to answer `{reason, code}` with a status (ARCHITECTURE §4). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly reason: string,
    readonly code?: string,
    readonly field?: string,
    /** Extra members of the answer, e.g. `ineligible` ids of a refused bulk write. */
    readonly details?: Record<string, unknown>,
  ) {
    super(reason);
  }
}

export const badRequest = (reason: string, field?: string) =>
  new HttpError(400, reason, 'invalid_request', field);
export const unauthorized = (reason = 'Not signed in') => new HttpError(401, reason, 'unauthorized');
export const forbidden = (reason = 'Not allowed') => new HttpError(403, reason, 'forbidden');
export const notFound = (what = 'Not found') => new HttpError(404, what, 'not_found');
export const conflict = (reason: string, code = 'conflict') => new HttpError(409, reason, code);
