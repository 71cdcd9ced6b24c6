// Issue 21 "Current tags": a swap hands back one tag and takes another in one step (SPEC §4 tag
// flows: invalidation, then assignment). What the server refuses, before it writes anything.

export type SwapTags = {
  returnTag: { id: string; state: string | null; personId: string | null };
  activateTag: { id: string; state: string | null };
  /** The person the kiosk serves (SPEC §3 Tag owner.personId). */
  personId: string | null;
};

/** The states a kiosk may hand out a tag from: on the shelf, or set aside for someone. */
export const KIOSK_ACTIVATABLE_STATES = ['available', 'reserved'] as const;

/** The reason a swap is refused, or null when it may go ahead. */
export function tagSwapRefusal({ returnTag, activateTag, personId }: SwapTags): string | null {
  if (returnTag.id === activateTag.id) return 'A tag cannot be swapped for itself';
  if (!personId) return 'The person needs a person id to take a tag';
  if (returnTag.state !== 'deployed' || returnTag.personId !== personId) {
    return `Tag ${returnTag.id} is not deployed to this person`;
  }
  if (!(KIOSK_ACTIVATABLE_STATES as readonly (string | null)[]).includes(activateTag.state)) {
    return activateTag.state === 'deployed'
      ? `Tag ${activateTag.id} is already deployed`
      : `Tag ${activateTag.id} is ${activateTag.state ?? 'in no known state'}: it cannot be handed out`;
  }
  return null;
}
