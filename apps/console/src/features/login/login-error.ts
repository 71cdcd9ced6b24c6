import { LOGIN_MESSAGES } from '@vigil/domain';
import { ApiError } from '../../api/errors';

/** SPEC §8: the login screen's message for a failed sign-in. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return LOGIN_MESSAGES.invalid;
    if (error.status === 429) return LOGIN_MESSAGES.tooMany;
    if (error.status === 403) return LOGIN_MESSAGES.zone;
  }
  return LOGIN_MESSAGES.problem;
}

/**
 * SPEC §8: messages the login URL itself asks for (`authError=1`, `authFail=1`); a single sign-on
 * refused because the user belongs to another organisation comes back with `authFail=1&reason=zone`.
 */
export function loginUrlMessage(query: URLSearchParams): string | undefined {
  if (query.get('authFail') === '1')
    return query.get('reason') === 'zone' ? LOGIN_MESSAGES.zone : LOGIN_MESSAGES.invalid;
  if (query.get('authError') === '1') return LOGIN_MESSAGES.problem;
  return undefined;
}
