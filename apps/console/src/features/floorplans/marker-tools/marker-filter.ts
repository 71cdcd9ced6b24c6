import type { MarkerColour } from '@vigil/domain';
import type { FloorGateway } from '../gateway-markers';

// SPEC §2.7 marker toolbar's filter: which gateways the map draws, by what their colour means (the
// legend's entries) and by a piece of their MAC, unit or area.

export type MarkerFilter = {
  /** The colours hidden; none hidden shows every colour. */
  hiddenColours: readonly MarkerColour[];
  /** A piece of the MAC (with or without ':' or '-'), unit or area; blank matches everything. */
  text: string;
};

export const NO_FILTER: MarkerFilter = { hiddenColours: [], text: '' };

/** True when the filter hides nothing. */
export function isFilterEmpty(filter: MarkerFilter): boolean {
  return filter.hiddenColours.length === 0 && filter.text.trim() === '';
}

/** A MAC as typed (AA:BB-cc…) reduced to its lower-case hex, so any way of writing it matches. */
function macDigits(text: string): string {
  return text.toLowerCase().replace(/[^0-9a-f]/g, '');
}

/** Whether a row matches the text: a piece of its MAC (any separators), unit or area. */
export function matchesText(row: FloorGateway, text: string): boolean {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return true;
  const digits = macDigits(wanted);
  const looksLikeMac = /^[0-9a-f:.\-\s]+$/.test(wanted) && digits !== '';
  if (looksLikeMac && row.gateway.id.toLowerCase().includes(digits)) return true;
  return [row.gateway.id, row.place ?? ''].some((value) => value.toLowerCase().includes(wanted));
}

/** The rows the filter lets through, in their order. */
export function filterRows(rows: readonly FloorGateway[], filter: MarkerFilter): readonly FloorGateway[] {
  if (isFilterEmpty(filter)) return rows;
  const hidden = new Set(filter.hiddenColours);
  return rows.filter((row) => !hidden.has(row.colour) && matchesText(row, filter.text));
}

/** Shows or hides one colour. */
export function toggleColour(filter: MarkerFilter, colour: MarkerColour): MarkerFilter {
  const hidden = filter.hiddenColours.includes(colour)
    ? filter.hiddenColours.filter((c) => c !== colour)
    : [...filter.hiddenColours, colour];
  return { ...filter, hiddenColours: hidden };
}
