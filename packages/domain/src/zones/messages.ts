/**
 * SPEC §8 zone messages. The console shows them; the server answers a refused delete of a zone
 * assigned to a gateway (403, SPEC §6) with `deleteAssigned` as its reason.
 */
export const ZONE_MESSAGES = {
  deleteAssigned: (name: string) => `Could not delete zone "${name}" since it's assigned to a gateway`,
  deleteProblem: (name: string) => `Sorry, there was a problem deleting zone "${name}"`,
  addProblem: (name: string, error: string) => `Sorry, there was a problem adding zone "${name}": ${error}`,
} as const;
