import { MAC_SUGGEST_MAX, macSearchPrefix, type Gateway } from '@vigil/domain';

// SPEC §5 Assigning a gateway, §9: MACs are suggested after 4 characters, matched by pattern (the
// typed characters anywhere in the MAC, ':' and '-' ignored), truncated to 12, lowercased; at most 20.

/** One suggestion: the MAC to assign, and where the gateway is now (it may already be placed). */
export type MacSuggestion = { value: string; placed: boolean };

/**
 * The gateways the list answered whose MAC holds what was typed: the list's `query` also searches
 * notes, labels and area names, so a match elsewhere is no MAC suggestion. Empty before 4 characters.
 */
export function macSuggestions(input: string, gateways: readonly Gateway[]): MacSuggestion[] {
  const prefix = macSearchPrefix(input);
  if (prefix === null) return [];
  return gateways
    .filter((gateway) => gateway.id.toLowerCase().includes(prefix))
    .slice(0, MAC_SUGGEST_MAX)
    .map((gateway) => ({ value: gateway.id, placed: gateway.config.coordinates != null }));
}

/** Why typing goes unanswered, for the MAC field's description. */
export function macHint(input: string): string {
  if (input.trim() === '') return 'Type at least 4 characters of the MAC to see ready-to-deploy gateways.';
  if (macSearchPrefix(input) === null && /^[0-9a-f:-]*$/i.test(input.trim()))
    return 'Keep typing: suggestions start after 4 characters.';
  if (macSearchPrefix(input) === null)
    return 'A MAC has only the hex digits 0–9 and a–f (":" or "-" between pairs).';
  return 'Choose a suggestion, or type the whole MAC.';
}
