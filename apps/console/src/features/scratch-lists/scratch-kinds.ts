import type { ScratchGatewayItem, ScratchListKind, ScratchTagItem } from '@vigil/domain';
import { ROUTE_BY_ID } from '@vigil/domain/routes';

/** One entry of either list: the id, when it was added, and its device unless missing. */
export type ScratchItem = ScratchTagItem | ScratchGatewayItem;

/** How each kind of list names itself and its devices. */
export const SCRATCH_KINDS = {
  tag: {
    title: ROUTE_BY_ID.tagScratchList.title,
    one: 'tag',
    many: 'tags',
    detailPath: (id: string) => `/tag/${id}`,
  },
  gateway: {
    title: ROUTE_BY_ID.gatewayScratchList.title,
    one: 'gateway',
    many: 'gateways',
    detailPath: (id: string) => `/gateway/${id}`,
  },
} as const satisfies Record<ScratchListKind, unknown>;

/** '1 tag', '3 tags'. */
export function countOf(kind: ScratchListKind, n: number): string {
  const { one, many } = SCRATCH_KINDS[kind];
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
