import type { ReactNode } from 'react';
import { Paper } from '@mantine/core';
import classes from './floor-map.module.css';

/**
 * A floating panel over FloorMap's top left (an editor's form, a tool's readings): a child of
 * FloorMap, so it goes fullscreen with the map. Named for assistive technology by `label`.
 */
export function MapPanel({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.panel}>
      <Paper component="section" aria-label={label} shadow="md" radius="md" p="sm" withBorder>
        {children}
      </Paper>
    </div>
  );
}
