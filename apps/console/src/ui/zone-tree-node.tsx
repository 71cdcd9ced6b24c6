import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Badge, Box, Button, Group, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { Zone } from '@vigil/domain';
import { messages } from '../api/messages';
import { useZoneChildren } from '../api/zones';
import { ZoneAddForm } from './zone-add-form';
import { ZoneNodeActions } from './zone-node-actions';
import { useZoneTreeContext } from './zone-tree-context';

const ITEM = '[role="treeitem"]';

/** One zone: a treeitem (WAI-ARIA tree pattern) with its name, level, actions and, once open, children. */
export function ZoneTreeNode({ zone, depth }: { zone: Zone; depth: number }) {
  const tree = useZoneTreeContext();
  const ref = useRef<HTMLLIElement>(null);
  const labelId = useId();
  const levelId = useId();
  const [adding, setAdding] = useState(false);
  const expandable = !zone.isLeaf;
  const expanded = expandable && tree.isExpanded(zone.id);
  const isSelected = tree.selected === zone.id;
  const active = tree.activeId === zone.id;

  function setOpen(open: boolean) {
    // Collapsing over the focus stop moves it to this node, so Tab still reaches the tree.
    if (!open && ref.current?.querySelector(`${ITEM}[tabindex="0"]`)) {
      tree.setActiveId(zone.id);
      ref.current.focus();
    }
    tree.setExpanded(zone.id, open);
  }

  function activate() {
    if (tree.onSelect) tree.onSelect(zone);
    else if (expandable) setOpen(!expanded);
  }

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    if (event.target !== event.currentTarget) return; // keys typed in the node's buttons and input
    const parentItem = () => ref.current?.parentElement?.closest<HTMLElement>(ITEM);
    if (event.key === 'ArrowRight' && expandable) {
      if (expanded) ref.current?.querySelector<HTMLElement>(ITEM)?.focus();
      else setOpen(true);
    } else if (event.key === 'ArrowLeft') {
      if (expanded) setOpen(false);
      else parentItem()?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') activate();
    else return;
    event.preventDefault();
  }

  return (
    <li
      ref={ref}
      role="treeitem"
      aria-level={depth}
      aria-expanded={expandable ? expanded : undefined}
      aria-selected={tree.onSelect ? isSelected : undefined}
      aria-labelledby={labelId}
      aria-describedby={levelId}
      tabIndex={active ? 0 : -1}
      className="mantine-focus-auto"
      style={{ listStyle: 'none' }}
      onKeyDown={onKeyDown}
      onFocus={(event) => event.target === event.currentTarget && tree.setActiveId(zone.id)}
    >
      <Group gap={6} wrap="nowrap" py={2} bg={isSelected ? 'var(--mantine-primary-color-light)' : undefined}>
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
          <Badge id={levelId} size="xs" variant="light" color="gray">
            {zone.level}
          </Badge>
        </Group>
        {tree.editable && (
          <ZoneNodeActions
            zone={zone}
            tabbable={active}
            canDelete={depth > 1}
            onAdd={() => setAdding(true)}
            onDeleted={() => ref.current?.parentElement?.closest<HTMLElement>(ITEM)?.focus()}
          />
        )}
      </Group>
      {adding && (
        <ZoneAddForm
          parent={zone}
          onClose={(added) => {
            setAdding(false);
            if (added) tree.setExpanded(zone.id, true);
            ref.current?.focus();
          }}
        />
      )}
      {expanded && <ZoneTreeChildren parent={zone} depth={depth + 1} />}
    </li>
  );
}

function ZoneTreeChildren({ parent, depth }: { parent: Zone; depth: number }) {
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
  const zones = children.data.pages.flatMap((page) => page.data);
  return (
    <>
      <Box component="ul" role="group" m={0} pl="md">
        {zones.map((zone) => (
          <ZoneTreeNode key={zone.id} zone={zone} depth={depth} />
        ))}
      </Box>
      {children.hasNextPage && (
        <Button
          size="compact-xs"
          variant="subtle"
          ml={42}
          loading={children.isFetchingNextPage}
          onClick={() => void children.fetchNextPage()}
        >
          {`Show more zones inside ${parent.name}`}
        </Button>
      )}
    </>
  );
}
