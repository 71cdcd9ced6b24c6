import type { ReactNode } from 'react';
import { SimpleGrid, Stack, Text, type SimpleGridProps } from '@mantine/core';

/** One fact: its term and its value. null, undefined, false and '' are no value. */
export type Fact = readonly [term: string, value: ReactNode];

export type FactsListProps = {
  /** The facts, in the order shown. */
  facts: readonly Fact[];
  /** Columns per breakpoint (default one, two from `sm`). */
  cols?: SimpleGridProps['cols'];
  /** Shown for a fact without a value; without it such a fact is left out. */
  placeholder?: string;
  /** 'compact': small bold terms over small values, for a card of many short facts. */
  variant?: 'default' | 'compact';
};

const LOOKS = {
  default: { verticalSpacing: 'xs', term: { size: 'sm' }, value: { fw: 500 } },
  compact: { verticalSpacing: 'md', term: { size: 'xs', fw: 600 }, value: { size: 'sm' } },
} as const;

const hasValue = (value: ReactNode) =>
  value !== null && value !== undefined && value !== false && value !== '';

/** Facts as a description list (dl): each term (dt) above its value (dd), in a grid. */
export function FactsList({
  facts,
  cols = { base: 1, sm: 2 },
  placeholder,
  variant = 'default',
}: FactsListProps) {
  const look = LOOKS[variant];
  return (
    <SimpleGrid component="dl" cols={cols} spacing="md" verticalSpacing={look.verticalSpacing} m={0}>
      {facts.map(([term, value]) => {
        const shown = hasValue(value) ? value : placeholder;
        if (shown === undefined) return null;
        return (
          <Stack key={term} gap={0}>
            <Text component="dt" c="dimmed" {...look.term}>
              {term}
            </Text>
            <Text component="dd" m={0} {...look.value}>
              {shown}
            </Text>
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}
