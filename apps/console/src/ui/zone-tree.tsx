import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Group, Loader, Text } from '@mantine/core';
import type { Zone } from '@vigil/domain';
import { useOrganisationZone, useZone } from '../api/zones';
import { EmptyState } from './empty-state';
import { ErrorPanel } from './error-panel';
import { ZoneTreeContext, type ZoneTreeContextValue } from './zone-tree-context';
import { useZoneTreeToggles } from './zone-tree-expansion';
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
  /** Keeps the nodes the user opens and closes in sessionStorage under this key, across reloads. */
  expansionKey?: string;
  /** Hears of a zone added in the tree (once its parent is open and its node about to take the focus). */
  onAdded?: (zone: Zone) => void;
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

type TreeOptions = Pick<ZoneTreeProps, 'selected' | 'onSelect' | 'expansionKey' | 'onAdded'> & {
  editable: boolean;
  rootId: string | undefined;
};

/** What every node shares: expansion (kept per session under a key), focus, selection, a zone just added. */
function useTreeContext(options: TreeOptions): ZoneTreeContextValue {
  const { selected, onSelect, editable, expansionKey, onAdded, rootId } = options;
  const path = useZone(selected, { context: true });
  const [toggled, setExpanded] = useZoneTreeToggles(expansionKey);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [revealId, setRevealId] = useState<string | null>(null);
  const revealed = useCallback(() => setRevealId(null), []);

  return useMemo<ZoneTreeContextValue>(() => {
    // Until the user toggles them, the organisation and the selected zone's ancestors are open.
    const ancestors = new Set((path.data?.context ?? []).map((z) => z.id).filter((id) => id !== selected));
    return {
      activeId: activeId ?? rootId ?? '',
      setActiveId,
      isExpanded: (id) => toggled[id] ?? (id === rootId || ancestors.has(id)),
      setExpanded,
      selected,
      onSelect,
      editable,
      revealId,
      reveal: (zone) => {
        if (zone.parent) setExpanded(zone.parent, true);
        setRevealId(zone.id);
        onAdded?.(zone);
      },
      revealed,
    };
  }, [
    activeId,
    rootId,
    toggled,
    setExpanded,
    path.data,
    selected,
    onSelect,
    editable,
    revealId,
    revealed,
    onAdded,
  ]);
}

/** SPEC §2.8: the caller's organisation as a tree, loaded one level (200 zones a page) per expansion. */
export function ZoneTree(props: ZoneTreeProps) {
  const { label = 'Zones', autoFocus } = props;
  const org = useOrganisationZone();
  const rootId = org.data?.id;
  const tree = useTreeContext({ ...props, editable: props.editable ?? false, rootId });
  const treeRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (autoFocus && rootId)
      treeRef.current?.querySelector<HTMLElement>('[role="treeitem"][tabindex="0"]')?.focus();
  }, [autoFocus, rootId]);

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
