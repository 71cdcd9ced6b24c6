/** Rows deleted (or, in a dry run, that would be) per table. */
export type Counts = Record<string, number>;

/** An organisation and the instant before which a category's rows go. */
export type OrgCutoff = { id: string; before: Date };

/** What a run deleted, per organisation and table. */
export class Tally {
  readonly byOrg = new Map<string, Counts>();

  /** Names `tables` for the organisation with 0 each, so its report lists every table looked at. */
  open(orgId: string, tables: readonly string[]): void {
    const counts = this.of(orgId);
    for (const table of tables) counts[table] ??= 0;
  }

  add(orgId: string, table: string, n: number): void {
    const counts = this.of(orgId);
    counts[table] = (counts[table] ?? 0) + n;
  }

  of(orgId: string): Counts {
    let counts = this.byOrg.get(orgId);
    if (!counts) this.byOrg.set(orgId, (counts = {}));
    return counts;
  }
}

export const total = (counts: Counts) => Object.values(counts).reduce((a, b) => a + b, 0);
