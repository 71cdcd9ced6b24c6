import { z } from 'zod';
import { ACTIONS, FIELDS, SUBJECTS, fieldsOf, type Field, type RawRule } from './model';

export const actionSchema = z.enum(ACTIONS);
export const subjectSchema = z.enum(SUBJECTS);
export const fieldSchema = z.enum(Object.values(FIELDS).flat() as [Field, ...Field[]]);

const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1)]);
const asList = <T>(value: T | readonly T[]): readonly T[] => (Array.isArray(value) ? value : [value as T]);

/** Validates a role's stored rule (SPEC §6; the `RawRule` type in model.ts). */
export const rawRuleSchema: z.ZodType<RawRule> = z
  .strictObject({
    action: oneOrMany(actionSchema),
    subject: oneOrMany(subjectSchema),
    fields: oneOrMany(fieldSchema).optional(),
    inverted: z.boolean().optional(),
    conditions: z
      .never({ error: 'Roles carry no conditions: zone scope lives in the query layer' })
      .optional(),
  })
  .superRefine((rule, ctx) => {
    const subjects = asList(rule.subject);
    for (const field of asList(rule.fields ?? [])) {
      if (!subjects.some((subject) => fieldsOf(subject).includes(field))) {
        ctx.addIssue({
          code: 'custom',
          path: ['fields'],
          message: `Field ${field} belongs to none of ${subjects.join(', ')}`,
        });
      }
    }
  });
