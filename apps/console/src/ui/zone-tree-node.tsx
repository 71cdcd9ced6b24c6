import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Badge, Box, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { Zone } from '@vigil/domain';
import { messages } from '../api/messages';
import { useZoneChildren } from '../api/zones';
import { ZoneAddForm } from './zone-add-form';
import { ZoneNodeActions } from './zone-node-actions';
import { useZoneTreeContext } from './zone-tree-context';
import classes from './zone-tree.module.css';

const ITEM = '[role="treeitem"]';

/**
 * One zone: a treeitem (WAI-ARIA tree pattern) with its name, level and actions, and once open the
 * group of its children. The group sits beside the item and is owned by it (aria-owns), so the
 * item's visible text is its own row only and its name (the zone's name) matches what it shows;
 * the level is drawn by CSS and read as the item's description.
 */
export function ZoneTreeNode({ zone, depth }: { zone: Zone; depth: number }) {
  const tree = useZoneTreeContext();
  const ref = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLLIElement>(null);
  const labelId = useId();
  const levelId = useId();
  const groupId = useId();
  const [adding, setAdding] = useState(false);
  const expandable = !zone.isLeaf;
  const expanded = expandable && tree.isExpanded(zone.id);
  const isSelected = tree.selected === zone.id;
  const active = tree.activeId === zone.id;
  const childItems = () => wrapRef.current?.querySelectorAll<HTMLElement>(`:scope > ul ${ITEM}`) ?? [];
  const parentItem = () =>
    wrapRef.current?.parentElement?.closest('li')?.querySelector<HTMLElement>(`:scope > ${ITEM}`);

  useRevealed(zone.id, isSelected, ref);

  function setOpen(open: boolean) {
    // Collapsing over the focus stop moves it to this node, so Tab still reaches the tree.
    if (!open && Array.from(childItems()).some((item) => item.tabIndex === 0)) {
      tree.setActiveId(zone.id);
      ref.current?.focus();
    }
    tree.setExpanded(zone.id, open);
  }

  function activate() {
    if (tree.onSelect) tree.onSelect(zone);
    else if (expandable) setOpen(!expanded);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget) return; // keys typed in the node's buttons and input
    if (event.key === 'ArrowRight' && expandable) {
      if (expanded) childItems()[0]?.focus();
      else setOpen(true);
    } else if (event.key === 'ArrowLeft') {
      if (expanded) setOpen(false);
      else parentItem()?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') activate();
    else return;
    event.preventDefault();
  }

  return (
    <li ref={wrapRef} role="none" style={{ listStyle: 'none' }}>
      <div
        ref={ref}
        role="treeitem"
        aria-level={depth}
        aria-expanded={expandable ? expanded : undefined}
        aria-selected={tree.onSelect ? isSelected : undefined}
        aria-labelledby={labelId}
        aria-describedby={levelId}
        aria-owns={expanded ? groupId : undefined}
        tabIndex={active ? 0 : -1}
        className="mantine-focus-auto"
        onKeyDown={onKeyDown}
        onFocus={(event) => event.target === event.currentTarget && tree.setActiveId(zone.id)}
      >
        <Group
          gap={6}
          wrap="nowrap"
          py={2}
          bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}
        >
          <Box
            w={18}
            aria-hidden
            onClick={() => expandable && setOpen(!expanded)}
            style={{ cursor: 'pointer' }}
          >
            {expandable && (expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />)}
          </Box>
          <Group gap={6} wrap="nowrap" flex={1} onClick={activate} style={{ cursor: 'pointer' }}>
            <Text id={labelId} size="sm" fw={isSelected ? 600 : undefined}>
              {zone.name}
            </Text>
            <Badge
              size="xs"
              variant="light"
              color="gray"
              aria-hidden
              className={classes.level}
              data-level={zone.level}
            />
            <VisuallyHidden id={levelId}>{zone.level}</VisuallyHidden>
          </Group>
          {tree.editable && (
            <ZoneNodeActions
              zone={zone}
              tabbable={active}
              canDelete={depth > 1}
              onAdd={() => setAdding(true)}
              onDeleted={() => parentItem()?.focus()}
            />
          )}
        </Group>
        {adding && (
          <ZoneAddForm
            parent={zone}
            onClose={(added) => {
              setAdding(false);
              // The focus comes back here, and moves on to the new zone once its node shows.
              ref.current?.focus();
              if (added) tree.reveal(added);
            }}
          />
        )}
        {expanded && <ZoneChildrenStatus parent={zone} />}
      </div>
      {expanded && <ZoneTreeChildren id={groupId} parent={zone} depth={depth + 1} />}
    </li>
  );
}

/**
 * Brings a node into view: the selected one when it shows (e.g. after a reload), and a zone just
 * added, which also takes the focus so the keyboard goes on from it.
 */
function useRevealed(id: string, selected: boolean, ref: RefObject<HTMLElement | null>) {
  const { revealId, revealed } = useZoneTreeContext();
  const reveal = revealId === id;
  useEffect(() => {
    const item = ref.current;
    if (!item || !(selected || reveal)) return;
    item.scrollIntoView({ block: 'nearest' });
    if (!reveal) return;
    item.focus();
    revealed();
  }, [ref, selected, reveal, revealed]);
}

/** An open zone's children while they load, fail, or have more than one page to show. */
function ZoneChildrenStatus({ parent }: { parent: Zone }) {
  const children = useZoneChildren(parent.id);
  if (children.isPending) {
    return (
      <Text role="status" size="xs" c="dimmed" pl={42}>
        Loading…
      </Text>
    );
  }
  if (children.isError) {
    return (
      <Group gap="xs" pl={42}>
        <Text size="xs" c="red">
          {messages.problem(children.error)}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={() => void children.refetch()}>
          Retry
        </Button>
      </Group>
    );
  }
  if (!children.hasNextPage) return null;
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      ml={42}
      loading={children.isFetchingNextPage}
      onClick={() => void children.fetchNextPage()}
    >
      {`Show more zones inside ${parent.name}`}
    </Button>
  );
}

/** The group of an open zone's children, as far as they are loaded. */
function ZoneTreeChildren({ id, parent, depth }: { id: string; parent: Zone; depth: number }) {
  const children = useZoneChildren(parent.id);
  const zones = children.data?.pages.flatMap((page) => page.data) ?? [];
  if (zones.length === 0) return null;
  return (
    <Box component="ul" role="group" id={id} m={0} pl="md">
      {zones.map((zone) => (
        <ZoneTreeNode key={zone.id} zone={zone} depth={depth} />
      ))}
    </Box>
  );
}
