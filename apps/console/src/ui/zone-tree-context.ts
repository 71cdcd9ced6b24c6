import { createContext, useContext } from 'react';
import type { Zone } from '@vigil/domain';

/** What every node of a ZoneTree shares: expansion, the roving focus stop, selection and editing. */
export type ZoneTreeContextValue = {
  /** The one node reachable with Tab (roving tabindex); arrows move it. */
  activeId: string;
  setActiveId: (id: string) => void;
  isExpanded: (id: string) => boolean;
  setExpanded: (id: string, open: boolean) => void;
  selected?: string | null;
  onSelect?: (zone: Zone) => void;
  editable: boolean;
  /** A zone just added: its node takes the focus once it shows, and the tree's owner hears of it. */
  revealId: string | null;
  reveal: (zone: Zone) => void;
  /** The revealed node has taken the focus. */
  revealed: () => void;
};

export const ZoneTreeContext = createContext<ZoneTreeContextValue | null>(null);

export function useZoneTreeContext(): ZoneTreeContextValue {
  const tree = useContext(ZoneTreeContext);
  if (!tree) throw new Error('A zone tree node must be inside a ZoneTree');
  return tree;
}
