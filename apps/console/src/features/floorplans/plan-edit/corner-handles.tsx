import { useEffect, useReducer, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { LngLat, PlanCorners } from '@vigil/domain';
import { CORNER_NAMES, nudgeOffset } from './plan-placement';
import classes from './plan-edit.module.css';

export type CornerHandlesProps = {
  map: MapLibreMap;
  corners: PlanCorners;
  /** A corner moved (dragged, or nudged by an arrow key). */
  onMove: (index: number, lngLat: LngLat) => void;
  /** The id of the text saying how to move them (drag, arrow keys, Shift). */
  describedBy?: string;
  disabled?: boolean;
};

/**
 * SPEC §4 Plan editing: the plan's four corners as handles, each moved on its own (a perspective
 * quad). They are HTML buttons over the map (inside its container, outside its canvas container, so
 * a drag moves the corner, never the map): focusable, named, and moved by the arrow keys (Shift:
 * one pixel). Positions follow the camera through the map's `move` event.
 */
export function CornerHandles({ map, corners, onMove, describedBy, disabled }: CornerHandlesProps) {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    map.on('move', redraw);
    map.on('resize', redraw);
    return () => {
      map.off('move', redraw);
      map.off('resize', redraw);
    };
  }, [map]);

  return createPortal(
    <>
      {corners.map((corner, index) => (
        <CornerHandle
          key={CORNER_NAMES[index]}
          map={map}
          index={index}
          corner={corner}
          onMove={onMove}
          describedBy={describedBy}
          disabled={disabled}
        />
      ))}
    </>,
    map.getContainer(),
  );
}

function CornerHandle({
  map,
  index,
  corner,
  onMove,
  describedBy,
  disabled,
}: {
  map: MapLibreMap;
  index: number;
  corner: LngLat;
  onMove: (index: number, lngLat: LngLat) => void;
  describedBy?: string;
  disabled?: boolean;
}) {
  const dragging = useRef(false);
  const at = map.project([corner[0], corner[1]]);

  /** The map position under a screen point given in the map container's pixels. */
  function lngLatAt(x: number, y: number): LngLat {
    const point = map.unproject([x, y]);
    return [point.lng, point.lat];
  }

  function onPointerDown(event: PointerEvent<HTMLButtonElement>) {
    if (disabled || event.button !== 0) return;
    // Not the map's: its own drag would pan the camera under the corner.
    event.stopPropagation();
    event.preventDefault();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture(event.pointerId);
    dragging.current = true;
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>) {
    if (!dragging.current) return;
    const box = map.getContainer().getBoundingClientRect();
    onMove(index, lngLatAt(event.clientX - box.left, event.clientY - box.top));
  }

  function onPointerUp(event: PointerEvent<HTMLButtonElement>) {
    if (!dragging.current) return;
    dragging.current = false;
    event.currentTarget.releasePointerCapture(event.pointerId);
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const offset = nudgeOffset(event.key, event.shiftKey);
    if (!offset || disabled) return;
    event.preventDefault();
    event.stopPropagation();
    onMove(index, lngLatAt(at.x + offset[0], at.y + offset[1]));
  }

  return (
    <button
      type="button"
      className={classes.handle}
      style={{ left: at.x, top: at.y }}
      aria-label={CORNER_NAMES[index]}
      aria-describedby={describedBy}
      aria-disabled={disabled || undefined}
      data-corner={index}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
