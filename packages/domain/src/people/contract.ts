import { z } from 'zod';
import { listSchema, uuidSchema } from '../contract/common';

/** The longest name and person id a person may have, in a form or in an imported file. */
export const PERSON_NAME_MAX = 200;
export const PERSON_ID_MAX = 100;

/**
 * SPEC §7: person search (GET people with query, orderBy name) returns at most 20 people.
 * Used by the distribution kiosk's person search (SPEC §2.1 /distribution/{station}/…).
 */
export const PEOPLE_SEARCH_LIMIT = 20;

/**
 * SPEC §3 Person. `contacts.email` is answered only to roles that may see it (SPEC §6,
 * canSeePersonEmail); `contact` is what a suggestion shows: the e-mail or the person id.
 */
export const personSchema = z.object({
  id: uuidSchema,
  orgId: uuidSchema,
  name: z.string(),
  personId: z.string(),
  contacts: z.object({ email: z.string().optional() }),
  /** The person's location zone. */
  location: uuidSchema.nullable(),
  /** The location's names, organisation down, joined with ' › '. */
  locationPath: z.string().nullable(),
  isRemote: z.boolean(),
  contact: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Person = z.infer<typeof personSchema>;
export const personListSchema = listSchema(personSchema);

export const personBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'A person needs a name').max(PERSON_NAME_MAX),
  personId: z.string().trim().min(1, 'A person needs a person id').max(PERSON_ID_MAX),
  contacts: z
    .strictObject({ email: z.email('Invalid e-mail address').optional().or(z.literal('')) })
    .optional(),
  location: uuidSchema.nullable().optional(),
  isRemote: z.boolean().optional(),
});
export type PersonBody = z.infer<typeof personBodySchema>;

/** SPEC §5 People import: a CSV with name and personID columns (at most this many rows). */
export const PEOPLE_IMPORT_MAX_ROWS = 10000;
export const peopleImportBodySchema = z.strictObject({
  /** The file's text. */
  csv: z.string().max(5_000_000, 'The file is too large'),
  fileName: z.string().max(255).optional(),
});
export type PeopleImportBody = z.infer<typeof peopleImportBodySchema>;

/** One refused row: its line in the file (header is line 1) and why. */
export const importRowErrorSchema = z.object({ line: z.number().int(), reason: z.string() });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** A successful import: rows created, updated and already as the file says (matched on personID). */
export const peopleImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type PeopleImportResult = z.infer<typeof peopleImportResultSchema>;

/** A refused import (400): nothing written; `rows` names every refused row. */
export const peopleImportRefusalSchema = z.object({
  reason: z.string(),
  code: z.string().optional(),
  field: z.string().optional(),
  rows: z.array(importRowErrorSchema).optional(),
});
