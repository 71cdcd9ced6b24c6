import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Group, Loader, Text } from '@mantine/core';
import type { Zone } from '@vigil/domain';
import { useOrganisationZone, useZone } from '../api/zones';
import { EmptyState } from './empty-state';
import { ErrorPanel } from './error-panel';
import { ZoneTreeContext, type ZoneTreeContextValue } from './zone-tree-context';
import { ZoneTreeNode } from './zone-tree-node';

export type ZoneTreeProps = {
  /** The selected zone's id; its ancestors start expanded. */
  selected?: string | null;
  /** Makes nodes selectable (click, Enter or Space). */
  onSelect?: (zone: Zone) => void;
  /** Shows 'Add zone inside' and 'Delete' on every node. */
  editable?: boolean;
  /** The tree's accessible name (default 'Zones'). */
  label?: string;
  /** Moves the focus into the tree once it has loaded (e.g. when a picker opens it). */
  autoFocus?: boolean;
};

/** Up/Down/Home/End move between the visible nodes; each node handles Left/Right/Enter itself. */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const item = event.target as HTMLElement;
  if (event.defaultPrevented || item.getAttribute('role') !== 'treeitem') return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="treeitem"]'));
  const index = items.indexOf(item);
  const moves: Record<string, HTMLElement | undefined> = {
    ArrowDown: items[index + 1],
    ArrowUp: items[index - 1],
    Home: items[0],
    End: items.at(-1),
  };
  const target = moves[event.key];
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/** SPEC §2.8: the caller's organisation as a tree, loaded one level (200 zones a page) per expansion. */
export function ZoneTree({
  selected,
  onSelect,
  editable = false,
  label = 'Zones',
  autoFocus,
}: ZoneTreeProps) {
  const org = useOrganisationZone();
  const path = useZone(selected, { context: true });
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const [activeId, setActiveId] = useState<string | null>(null);
  const rootId = org.data?.id;
  const treeRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (autoFocus && rootId)
      treeRef.current?.querySelector<HTMLElement>('[role="treeitem"][tabindex="0"]')?.focus();
  }, [autoFocus, rootId]);

  const tree = useMemo<ZoneTreeContextValue>(() => {
    // Until the user toggles them, the organisation and the selected zone's ancestors are open.
    const ancestors = new Set((path.data?.context ?? []).map((z) => z.id).filter((id) => id !== selected));
    return {
      activeId: activeId ?? rootId ?? '',
      setActiveId,
      isExpanded: (id) => toggled[id] ?? (id === rootId || ancestors.has(id)),
      setExpanded: (id, open) => setToggled((t) => ({ ...t, [id]: open })),
      selected,
      onSelect,
      editable,
    };
  }, [activeId, rootId, toggled, path.data, selected, onSelect, editable]);

  if (org.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">Loading zones…</Text>
      </Group>
    );
  }
  if (org.isError) return <ErrorPanel error={org.error} onRetry={() => void org.refetch()} />;
  if (!org.data) return <EmptyState title="No organisation zone found" />;

  return (
    <ZoneTreeContext value={tree}>
      <Box ref={treeRef} component="ul" role="tree" aria-label={label} onKeyDown={moveFocus} m={0} p={0}>
        <ZoneTreeNode zone={org.data} depth={1} />
      </Box>
    </ZoneTreeContext>
  );
}
