import { useEffect } from 'react';
import { Paper, Text, VisuallyHidden } from '@mantine/core';
import { useMapInstance } from '../../../ui/map/map-context';
import type { DiagnosticsLabel } from './diagnostics-labels';
import classes from './coverage.module.css';

const VERDICT_CLASS = { pass: classes.pass, fail: classes.fail, none: '' } as const;

/**
 * SPEC §2.7 diagnostics toggle: each gateway's button, coverage and floor percentages under its
 * marker. The style has no glyphs, so a label is an HTML element MapLibre keeps beside the marker
 * (as FloorMap's labels are); hidden from assistive technology, which reads DiagnosticsList.
 */
export function DiagnosticsMarkers({ labels }: { labels: readonly DiagnosticsLabel[] }) {
  const map = useMapInstance();
  useEffect(() => {
    if (!map || labels.length === 0) return;
    let placed: { remove: () => void }[] = [];
    let cancelled = false;
    // MapLibre is already loaded with the map (its lazy chunk): this import only reads it, so the
    // screen's own chunk stays without MapLibre (ARCHITECTURE §8).
    void import('maplibre-gl').then(({ Marker }) => {
      if (cancelled) return;
      placed = labels.map((label) => {
        const element = document.createElement('div');
        element.className = `${classes.diagnostics} ${VERDICT_CLASS[label.verdict]}`;
        element.textContent = label.text;
        element.title = label.description;
        element.setAttribute('aria-hidden', 'true');
        element.dataset.gateway = label.id;
        return new Marker({ element, anchor: 'top', offset: [0, 14] })
          .setLngLat([label.lngLat[0], label.lngLat[1]])
          .addTo(map);
      });
    });
    return () => {
      cancelled = true;
      placed.forEach((marker) => marker.remove());
    };
  }, [map, labels]);
  return null;
}

/**
 * The key to the labels (what B, C and F stand for, and over which window), and the same readings
 * as a list for assistive technology.
 */
export function DiagnosticsList({
  labels,
  source,
}: {
  labels: readonly DiagnosticsLabel[];
  source: 'metrics' | 'loading' | 'reported';
}) {
  const window =
    source === 'metrics'
      ? 'averages over the last 24 hours'
      : source === 'loading'
        ? 'last reported; loading the 24-hour averages…'
        : 'last reported (the 24-hour averages could not be loaded)';
  return (
    <Paper
      component="section"
      aria-label="Gateway diagnostics"
      shadow="xs"
      radius="md"
      px="sm"
      py={6}
      withBorder
    >
      <Text size="xs" fw={600}>
        Diagnostics: B button · C coverage · F floor
      </Text>
      <Text size="xs" c="dimmed">
        {labels.length === 0 ? 'No gateway on the map.' : `Percentages, ${window}.`}
      </Text>
      <VisuallyHidden>
        <ul>
          {labels.map((label) => (
            <li key={label.id}>{label.description}</li>
          ))}
        </ul>
      </VisuallyHidden>
    </Paper>
  );
}
