import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  DEFAULT_ZOOM,
  FLOORPLAN_MESSAGES,
  planCornersFromGeometry,
  rotatePlanBearing,
  validatePlanCorners,
} from '@vigil/domain';
import { floorplanKeys } from '../../../api/floorplans';
import { savePlanBearing } from '../../../api/plan-jobs';
import { zoneKeys } from '../../../api/zones';
import { useMapInstance } from '../../../ui/map/map-context';
import { AddressSearch, type PickedPlace } from '../../../ui/map/address-search';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { MapPanel } from '../../../ui/map/map-panel';
import { useFloorPlanTiles } from '../../../ui/map/use-plan-tiles';
import type { FloorEditorProps } from '../floor-editor';
import { askSave } from './ask-save';
import { CornerHandles } from './corner-handles';
import { JobProgress } from './job-progress';
import { useCurrentPlanLayer, usePlanImageLayer, usePlanOutlineLayer } from './plan-layers';
import { PlanTools } from './plan-tools';
import { PlanUpload } from './plan-upload';
import { problemText, usePlanDraft } from './use-plan-draft';

/**
 * SPEC §2.7 plan edit mode, §4 Plan editing: upload a plan image, place it by its four corners over
 * the floor, rotate the floor's map, and save: the tile job makes the floor's plan, a rotation alone
 * saves the floor's planBearing. Leaving with unsaved changes asks SPEC §4's questions.
 */
export function PlanEditor({ floor, plan, onExit }: FloorEditorProps) {
  const map = useMapInstance();
  const queryClient = useQueryClient();
  const savedBearing = plan?.bearing ?? 0;
  const [bearing, setBearing] = useState(savedBearing);
  const [showCurrent, setShowCurrent] = useState(true);
  const [savingBearing, setSavingBearing] = useState(false);
  const hintId = useId();
  const bearingRef = useRef(bearing);
  useEffect(() => {
    bearingRef.current = bearing;
  });

  /** Saves the rotation when it changed; false (with the reason shown) when it could not be. */
  async function saveBearing(): Promise<boolean> {
    if (bearingRef.current === savedBearing) return true;
    setSavingBearing(true);
    try {
      await savePlanBearing(floor.id, bearingRef.current);
      return true;
    } catch (err) {
      draft.setError(problemText(err));
      return false;
    } finally {
      setSavingBearing(false);
    }
  }

  /** The floor changed on the server: the map shows its new plan (or bearing) once refetched. */
  async function refreshFloor() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: floorplanKeys.all }),
      queryClient.invalidateQueries({ queryKey: zoneKeys.all }),
    ]);
  }

  // At 100 % the job saved the plan on the floor; the rotation shown with it is saved too.
  const panelRef = useRef<HTMLDivElement>(null);
  const draft = usePlanDraft(
    floor.id,
    map,
    async () => {
      const saved = await saveBearing();
      await refreshFloor();
      if (saved) onExit();
    },
    () => panelReach(panelRef.current, map?.getContainer()),
  );
  const { corners, tileJob, thumbnailJob } = draft;
  const currentCorners = plan ? planCornersFromGeometry(floor.config.geometry) : null;
  const verdict = corners ? validatePlanCorners(corners) : null;

  const { tiles } = useFloorPlanTiles(floor);
  useCurrentPlanLayer(map, tiles, showCurrent);
  usePlanImageLayer(map, draft.imageUrl, corners);
  usePlanOutlineLayer(map, corners);

  // SPEC §2.7: the plan's rotation is the floor's map bearing.
  useEffect(() => {
    map?.setBearing(bearing);
  }, [map, bearing]);

  /** Save rotation: the floor's planBearing alone (SPEC §4 'A rotation saves a bearing'), then out. */
  async function saveRotation() {
    if (!(await saveBearing())) return;
    await refreshFloor();
    onExit();
  }

  const asking = useRef(false);
  /** Done, Cancel or Escape: SPEC §4's questions for what is unsaved, then out of plan edit. */
  async function leave() {
    if (asking.current || tileJob || savingBearing) return;
    asking.current = true;
    try {
      let placeIt = false;
      if (draft.unsaved) {
        const answer = await askSave(
          FLOORPLAN_MESSAGES.saveFloorPlan,
          draft.movingCurrent
            ? 'Yes places the floor’s plan again where its corners now are; No leaves it as it was.'
            : 'Yes places the new plan by its four corners as the floor’s plan; No leaves the floor as it was.',
        );
        if (answer === 'stay') return;
        placeIt = answer === 'yes';
      }
      if (bearingRef.current !== savedBearing) {
        const answer = await askSave(
          FLOORPLAN_MESSAGES.saveRotation,
          `Yes turns the floor’s map to ${bearingRef.current}°; No keeps ${savedBearing}°.`,
        );
        if (answer === 'stay') return;
        if (answer === 'no') {
          // Turned back at once: the map outlives this editor, which may be gone before an effect runs.
          bearingRef.current = savedBearing;
          setBearing(savedBearing);
          map?.setBearing(savedBearing);
        }
      }
      // Placing saves the rotation with the plan (usePlanDraft's onPlaced) and leaves at 100 %.
      if (placeIt && corners && verdict?.ok) {
        await draft.place();
        return;
      }
      if (placeIt && verdict && !verdict.ok) return;
      if (!(await saveBearing())) return;
      if (bearingRef.current !== savedBearing) await refreshFloor();
      draft.discard();
      onExit();
    } finally {
      asking.current = false;
    }
  }
  const leaveRef = useRef(leave);
  useEffect(() => {
    leaveRef.current = leave;
  });

  // Escape leaves plan edit (through the same questions), unless a dialog or a field has it.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented || asking.current) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [role="dialog"], [aria-expanded="true"]')) return;
      void leaveRef.current();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const rotationChanged = bearing !== savedBearing;
  const busy = draft.uploadProgress !== null || thumbnailJob !== null || tileJob !== null;
  return (
    <MapPanel label="Floor plan">
      <Stack gap="sm" ref={panelRef}>
        <div>
          <Title order={2} size="h5">
            Floor plan
          </Title>
          <Text size="xs" c="dimmed">
            {plan
              ? 'Upload a new image to replace this floor’s plan, or turn the map.'
              : 'Upload the floor’s plan, then place it by its four corners.'}
          </Text>
        </div>
        {!corners && !busy && (
          // SPEC §2.7: address search for plan placement — fly to the building before uploading.
          <AddressSearch label="Find the building" onPick={(place) => map && flyToPlace(map, place)} />
        )}
        <PlanUpload
          hasImage={corners !== null}
          progress={draft.uploadProgress}
          disabled={tileJob !== null}
          onFile={(file) => void draft.uploadFile(file)}
        />
        {plan && currentCorners && !corners && !busy && (
          <Button variant="light" onClick={() => draft.moveCurrentPlan(plan.planId, currentCorners)}>
            Move the current plan’s corners
          </Button>
        )}
        {thumbnailJob && (
          <JobProgress
            label="Preparing the preview"
            status={thumbnailJob.status}
            onCancel={thumbnailJob.cancel}
            cancelling={thumbnailJob.cancelling}
          />
        )}
        {corners && !tileJob && (
          <Text size="xs" id={hintId}>
            Drag the four corners onto the same corners of the floor, or focus one and use the arrow keys
            (with Shift: one pixel). A photo of a paper plan need not be a rectangle.
          </Text>
        )}
        {verdict && !verdict.ok && (
          <Text size="xs" c="red.8" role="status">
            {verdict.reason}
          </Text>
        )}
        <PlanTools
          bearing={bearing}
          onRotate={(clockwise, fine) => setBearing((b) => rotatePlanBearing(b, clockwise, fine))}
          hasCurrentPlan={tiles !== null}
          showCurrent={showCurrent}
          onToggleCurrent={() => setShowCurrent((shown) => !shown)}
          disabled={tileJob !== null}
        />
        {tileJob && (
          <JobProgress
            label="Placing the plan"
            status={tileJob.status}
            onCancel={tileJob.cancel}
            cancelling={tileJob.cancelling}
          />
        )}
        {draft.error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {draft.error}
          </Alert>
        )}
        <Group justify="space-between" gap="xs">
          <Button variant="default" onClick={() => void leave()} disabled={tileJob !== null}>
            Done
          </Button>
          {corners || !rotationChanged ? (
            <Button
              onClick={() => void draft.place()}
              disabled={!corners || !verdict?.ok || busy}
              loading={draft.starting}
            >
              Place plan
            </Button>
          ) : (
            <Button loading={savingBearing} onClick={() => void saveRotation()}>
              Save rotation
            </Button>
          )}
        </Group>
      </Stack>
      {map && corners && (
        <CornerHandles
          map={map}
          corners={corners}
          onMove={draft.moveCorner}
          describedBy={tileJob ? undefined : hintId}
          disabled={tileJob !== null}
        />
      )}
    </MapPanel>
  );
}

/** How far the panel's right edge reaches into the map from its left, so a new plan is placed beside it. */
function panelReach(panel: HTMLElement | null, container: HTMLElement | undefined): number {
  const box = panel?.closest('section')?.getBoundingClientRect();
  if (!box || !container) return 0;
  return Math.max(0, box.right - container.getBoundingClientRect().left);
}

/** Flies the map to a searched place: its area when the geocoder gave one, else its point at zoom 20. */
function flyToPlace(map: MapLibreMap, place: PickedPlace) {
  if (place.bounds) {
    const [west, south, east, north] = place.bounds;
    map.fitBounds(
      [
        [west, south],
        [east, north],
      ],
      { maxZoom: DEFAULT_ZOOM, animate: false },
    );
  } else map.jumpTo({ center: [place.lngLat[0], place.lngLat[1]], zoom: DEFAULT_ZOOM });
}
