import { parseTagScanMode, type TagScanMode } from '../stations/scan-mode';
import { TAG_STATE_MISMATCH_REASON, type TagInvalidationState } from '../tags/flows';
import type { KioskRefusal } from './flow';

// Issue 21: every text of the distribution kiosk, in one place. SPEC §8's are exact; the notices
// for a tag deactivated, a tag available and an activation's success or failure are ours (SPEC
// §8 leaves them open): short sentences read standing at arm's length, naming the tag and person.

export const KIOSK_MESSAGES = {
  // SPEC §8, exact.
  noStationSettings: 'No distribution station settings found',
  invalidStationSettings: 'Invalid distribution station settings',
  stationLoadFailed: 'Could not load distribution station. Please pick one.',
  somethingWentWrong: (message: string) => `Something went wrong (${message}). Please try again.`,
  /** SPEC §8 'Invalid tag scan mode: <mode>', worded once by the domain's parser. */
  invalidScanMode: (mode: unknown): string => {
    const parsed = parseTagScanMode(mode);
    return parsed.ok ? '' : parsed.reason;
  },
  tagStateNotFound: 'Tag state not found',
  /** SPEC §4, §8: the server returned another state than the one written. */
  stateMismatch: TAG_STATE_MISMATCH_REASON,

  // The four notices SPEC §8 leaves to us.
  tagDeactivated: (tagId: string, state: TagInvalidationState): string =>
    state === 'lost'
      ? `Tag ${tagId} is marked lost and no longer yours. If it turns up, bring it back here.`
      : `Tag ${tagId} is returned and no longer yours. Please put it in the returns box.`,
  tagAvailable: (tagId: string, personName: string | null): string =>
    personName
      ? `Tag ${tagId} is available. Activate it to make it ${personName}’s.`
      : `Tag ${tagId} is available. Choose who it is for to activate it.`,
  activationSucceeded: (tagId: string, personName: string): string =>
    `Tag ${tagId} is now active for ${personName}.`,
  swapSucceeded: (returnedId: string, tagId: string, personName: string): string =>
    `Tag ${returnedId} is returned, and tag ${tagId} is now active for ${personName}.`,
  activationSucceededHint: 'Wear it whenever you are on shift. Press its button only when you need help.',
  /** The reason of an activation whose answer a reload lost, and the tag is not theirs. */
  interrupted: 'the kiosk was reloaded before the answer came',
  activationFailed: (tagId: string, reason: string): string =>
    `Tag ${tagId} was not activated (${reason}). Please try again, or take another tag.`,

  // The screens.
  pickStationTitle: 'Choose this kiosk’s station',
  homeTitle: 'Who is the tag for?',
  personSearchLabel: 'Your name or e-mail',
  personSearchHint: 'Type at least 2 letters, then pick your name. Or scan your badge.',
  badgeScanLabel: 'Scan your badge',
  badgeNotFound: (content: string) => `No one found for badge “${content}”. Please pick your name instead.`,
  badgeUnreadable: 'That badge could not be read. Please pick your name instead.',
  tapTitle: (mode: Extract<TagScanMode, 'singleTap' | 'doubleTap'>) =>
    mode === 'doubleTap' ? 'Press your new tag’s button twice, quickly' : 'Press your new tag’s button once',
  tapHint: 'Hold the tag near this kiosk and press its button. The kiosk is listening.',
  tapWearing:
    'Already wearing a tag? Do not press it here: a tag you wear always calls for help. Use “My tags” instead.',
  scanTitle: 'Scan your new tag’s QR code',
  typeTitle: 'Type your new tag’s id',
  scanTagLabel: 'Tag id',
  scanNotATag: (content: string) => `“${content}” is not a tag’s code. Please scan the QR code on the tag.`,
  statusTitle: 'Tag status',
  currentTagsTitle: (personName: string) => `${personName}’s tags`,
  currentTagsEmpty: (personName: string) => `${personName} has no tags right now.`,
  confirmLostTitle: 'Mark this tag lost?',
  confirmLost: (tagId: string) =>
    `Tag ${tagId} will be marked lost and stop being yours. Only do this if you cannot find it.`,
  swapHint: 'Swap: your old tag is returned and a new one is activated, in one step.',
  successTitle: 'All done',
  timedOut: 'The kiosk was not used for an hour, so it started over.',
} as const;

/** Issue 21: the words for each refusal of the kiosk flow, naming the tag and person when known. */
export function kioskRefusalText(
  refusal: KioskRefusal,
  ctx: { tagId?: string; personName?: string | null } = {},
): string {
  const tag = ctx.tagId ? `Tag ${ctx.tagId}` : 'This tag';
  switch (refusal) {
    case 'busy':
      return 'Please wait: the kiosk is still activating a tag.';
    case 'noPerson':
      return 'First choose who the tag is for.';
    case 'noPersonId':
      return `${ctx.personName ?? 'This person'} has no person id, so no tag can be activated for them. Please ask for help.`;
    case 'notIdentifying':
    case 'staleStatus':
    case 'notShowingStatus':
    case 'notActivating':
    case 'notInCurrentTags':
      return 'The kiosk moved on. Please start again.';
    case 'alreadyTheirs':
      return `${tag} is already ${ctx.personName ? `${ctx.personName}’s` : 'yours'}.`;
    case 'deployedToOther':
      return `${tag} belongs to someone else. Please take another tag and hand this one to staff.`;
    case 'reservedForOther':
      return `${tag} is set aside for someone else. Please take another tag.`;
    case 'tagStateUnknown':
      return KIOSK_MESSAGES.tagStateNotFound;
    case 'notOnShelf':
      return `${tag} cannot be handed out. Please put it in the returns box and take another tag.`;
    case 'swapSameTag':
      return `${tag} is the one being returned. Please take a different tag.`;
    case 'noTagToReturn':
      return 'Choose the tag to return first.';
    case 'notTheirTag':
      return `${tag} is not ${ctx.personName ? `${ctx.personName}’s` : 'yours'} to return.`;
  }
}
