import { useState, type ReactNode } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';

export type BatchMenuProps<Op extends string> = {
  /** The menu's heading: what is selected, e.g. '3 tags'. */
  heading: string;
  /** The operations offered for the selection, in menu order. */
  operations: readonly Op[];
  /** Each operation's name in the menu. */
  labels: Record<Op, string>;
  /** Operations shown in red because they cannot be undone from the list. */
  danger?: readonly Op[];
  /** The chosen operation's dialog; `close` dismisses it. */
  dialog: (operation: Op, close: () => void) => ReactNode;
};

/** A list's 'Batch actions' menu: one item per offered operation, each opening its dialog. */
export function BatchMenu<Op extends string>({
  heading,
  operations,
  labels,
  danger = [],
  dialog,
}: BatchMenuProps<Op>) {
  const [operation, setOperation] = useState<Op | null>(null);

  return (
    <>
      <Menu position="bottom-end" shadow="md">
        <Menu.Target>
          <Button size="xs" rightSection={<IconChevronDown size={14} aria-hidden />}>
            Batch actions
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{heading}</Menu.Label>
          {operations.map((op) => (
            <Menu.Item
              key={op}
              color={danger.includes(op) ? 'red' : undefined}
              onClick={() => setOperation(op)}
            >
              {labels[op]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {operation && dialog(operation, () => setOperation(null))}
    </>
  );
}
