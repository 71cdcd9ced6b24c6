import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Anchor,
  Box,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';

export type ChartFigureProps = {
  /** What the chart shows, in one or two sentences: the image's accessible name. */
  summary: string;
  /** The chart itself, drawn for the eye only. */
  children: ReactNode;
  /** The chart's figures as a table, for screen readers; visually hidden unless `tableShown`. */
  table: ReactNode;
  tableShown?: boolean;
};

/**
 * A chart with its text alternative: the drawing is an image named by its summary (its SVG is not
 * focusable: the charts turn recharts' keyboard layer off), and its figures are a table beside it.
 */
export function ChartFigure({ summary, children, table, tableShown = false }: ChartFigureProps) {
  const image = <ChartImage summary={summary}>{children}</ChartImage>;
  return tableShown ? (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      {image}
      {table}
    </SimpleGrid>
  ) : (
    <Stack gap="sm">
      {image}
      <VisuallyHidden>{table}</VisuallyHidden>
    </Stack>
  );
}

/** A chart drawn for the eye: an image named by its summary, with no tab stop inside. */
export function ChartImage({ summary, children }: { summary: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    // recharts draws its layers through React portals into <g> elements, and React listens for
    // focus events on every portal container, which makes Chromium put each such <g> in the tab
    // order: take them out of it, as each new layer appears.
    const untab = () =>
      root
        .querySelectorAll('g[class^="recharts-zIndex-layer"]:not([tabindex])')
        .forEach((g) => g.setAttribute('tabindex', '-1'));
    untab();
    const observer = new MutationObserver(untab);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <Box ref={ref} role="img" aria-label={summary}>
      {children}
    </Box>
  );
}

export type FigureTableProps = {
  /** The table's caption, naming it for screen readers. */
  caption: string;
  /** Keeps the caption for screen readers only, where a heading already names the table on screen. */
  captionHidden?: boolean;
  /** Column headers; the first names each row. */
  headers: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
};

/** A plain table of figures: a caption, header cells, and each row named by its first cell. */
export function FigureTable({ caption, captionHidden = false, headers, rows }: FigureTableProps) {
  return (
    <Table striped highlightOnHover captionSide="top">
      <Table.Caption>{captionHidden ? <VisuallyHidden>{caption}</VisuallyHidden> : caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {headers.map((h) => (
            <Table.Th key={h} scope="col">
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            {row.cells.map((cell, i) =>
              i === 0 ? (
                <Table.Th key={i} scope="row" fw="normal">
                  {cell}
                </Table.Th>
              ) : (
                <Table.Td key={i}>{cell}</Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A headed section of an analytics screen: a region named by its heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A figure in big type with its name above: '42 s', 'Half acknowledged within'. */
export function BigNumber({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Paper>
  );
}

/** SPEC §7: answers are cached until the organisation's next local midnight; the reader is told so. */
export function CacheNote({ timeZone }: { timeZone?: string }) {
  return (
    <Text size="xs" c="dimmed">
      Figures are refreshed daily at midnight
      {timeZone ? `, ${timeZone} time` : ' in the organisation’s time zone'}; newer alerts count from the next
      refresh.
    </Text>
  );
}

/** The pending state: grey blocks where the figures and charts will be, announced as loading. */
export function AnalyticsSkeleton() {
  return (
    <Stack role="status" aria-live="polite" gap="md">
      <VisuallyHidden>Loading…</VisuallyHidden>
      <SimpleGrid cols={{ base: 2, sm: 4 }} aria-hidden>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={72} />
        ))}
      </SimpleGrid>
      <Skeleton height={260} aria-hidden />
      <Skeleton height={160} aria-hidden />
    </Stack>
  );
}

/**
 * A location's name in a "by location" table: a link narrowing the screen to it, but for the chosen
 * zone itself (its own rows), which the screen already shows.
 */
export function LocationCell({
  zone,
  chosenId,
  zoneLink,
}: {
  zone: { id: string; name: string };
  chosenId: string;
  zoneLink: (zoneId: string) => string;
}) {
  if (zone.id === chosenId) return <>{zone.name}</>;
  return (
    <Anchor component={Link} to={zoneLink(zone.id)}>
      {zone.name}
    </Anchor>
  );
}
