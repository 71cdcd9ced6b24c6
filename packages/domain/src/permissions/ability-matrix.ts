import {
  ACTIONS,
  FIELDS,
  SUBJECTS,
  abilityFor,
  fieldsOf,
  type Action,
  type Field,
  type RawRule,
  type Subject,
} from './model';

/**
 * A role's abilities as the Roles screen edits them: for each subject the actions allowed on it as
 * a whole, and for each field of SPEC §6 the actions allowed on that field.
 */
export type AbilityMatrix = {
  subjects: Partial<Record<Subject, Action[]>>;
  fields: Partial<Record<Subject, Partial<Record<Field, Action[]>>>>;
};

// A field no rule names: a rule without fields covers it, a field-only rule does not (SPEC §6 model).
const ANY_OTHER_FIELD = '__subject__';

/** SPEC §6: reads stored rules into the matrix (what the ability allows, subject-wide and per field). */
export function abilityMatrix(rules: readonly RawRule[]): AbilityMatrix {
  const ability = abilityFor(rules);
  const matrix: AbilityMatrix = { subjects: {}, fields: {} };
  for (const subject of SUBJECTS) {
    const actions = ACTIONS.filter((a) => ability.can(a, subject, ANY_OTHER_FIELD));
    if (actions.length) matrix.subjects[subject] = actions;
    // Fields are listed only where one differs from its subject; the others follow it.
    const perField = fieldsOf(subject).map(
      (field) => [field, ACTIONS.filter((a) => ability.can(a, subject, field))] as const,
    );
    if (perField.some(([, fieldActions]) => fieldActions.join() !== actions.join())) {
      matrix.fields[subject] = Object.fromEntries(perField);
    }
  }
  return matrix;
}

/**
 * SPEC §6: the stored rules for a matrix. A subject's actions become one rule; a listed field that
 * differs from its subject gets a rule adding its extra actions and an inverted rule withholding the
 * rest; a field left out follows its subject.
 */
export function rulesFromMatrix(matrix: AbilityMatrix): RawRule[] {
  const rules: RawRule[] = [];
  for (const subject of SUBJECTS) {
    const whole = ACTIONS.filter((a) => matrix.subjects[subject]?.includes(a));
    if (whole.length) rules.push({ action: whole, subject });
    for (const field of (FIELDS as Partial<Record<Subject, readonly Field[]>>)[subject] ?? []) {
      const own = matrix.fields[subject]?.[field];
      if (own === undefined) continue; // a field left out follows its subject
      const extra = ACTIONS.filter((a) => own.includes(a) && !whole.includes(a));
      const withheld = whole.filter((a) => !own.includes(a));
      if (extra.length) rules.push({ action: extra, subject, fields: field });
      if (withheld.length) rules.push({ action: withheld, subject, fields: field, inverted: true });
    }
  }
  return rules;
}
