import type { z } from 'zod';
import { ApiError } from '../../../api/errors';
import { messages } from '../../../api/messages';

/**
 * A sign-in provider form's errors: each under the field it names (a dotted path such as
 * `provisioning.role`, as the schema's issues and the server's `{reason, field}` give it), and what
 * no shown field takes above the form.
 */
export type FormErrors = { fields: Record<string, string>; form?: string };

export const NO_ERRORS: FormErrors = { fields: {} };

/** The form field a dotted path belongs to: itself, or the nearest shown field above it (`allowedDomains.2`). */
function shownField(path: string, fields: readonly string[]): string | undefined {
  return fields.find((field) => path === field || path.startsWith(`${field}.`));
}

/** The schema's refusals of a draft, the first on each field. */
export function issueErrors(error: z.ZodError, fields: readonly string[]): FormErrors {
  const result: FormErrors = { fields: {} };
  for (const issue of error.issues) {
    const field = shownField(issue.path.join('.'), fields);
    if (field) result.fields[field] ??= issue.message;
    else result.form ??= issue.message;
  }
  return result;
}

/** A failed save: the server's reason on its field when the form shows it, else above the form. */
export function saveErrors(error: unknown, fields: readonly string[]): FormErrors {
  const field = error instanceof ApiError && error.field ? shownField(error.field, fields) : undefined;
  if (field && error instanceof ApiError) return { fields: { [field]: error.reason } };
  return { fields: {}, form: messages.couldNotUpdate(error) };
}
