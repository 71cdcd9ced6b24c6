import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { FLOORPLAN_MESSAGES, type LngLat, type PlanCorners, type PlanUploadResult } from '@vigil/domain';
import { floorplanQueries } from '../../../api/floorplans';
import { reasonOf } from '../../../api/errors';
import {
  cancelPlanJob,
  planJobKeys,
  startThumbnailJob,
  startTileJob,
  storedImageUrl,
  thumbnailOf,
  uploadPlanImage,
  usePlanJobStatus,
  type PlanJobState,
  type PlanThumbnail,
  type TileSource,
} from '../../../api/plan-jobs';
import { useTileSignature } from '../../../ui/map/tile-signature';
import { freeArea, initialCornerPoints, jobOutcome, sameCorners, withCorner } from './plan-placement';

/** The map toolbar's width at the view's right, with its margin: no handle is placed under it. */
const TOOLBAR_PX = 64;

/** SPEC §8 'Sorry, there was a problem: <message>' for failures that are not an upload's. */
export const problemText = (error: unknown) => `Sorry, there was a problem: ${reasonOf(error)}`;

/** A running plan job (SPEC §7) as the editor shows it. */
export type RunningJob = {
  status: PlanJobState | undefined;
  cancel: () => void;
  cancelling: boolean;
};

/**
 * SPEC §4 Plan editing, the new plan's way: upload the image, its thumbnail job (the preview), the
 * corners (first fitted into the view, then moved), the tile job that saves the plan on the floor.
 * `onPlaced` runs once the tile job reached 100 %.
 */
export function usePlanDraft(
  floorId: string,
  map: MapLibreMap | null,
  onPlaced: () => Promise<void>,
  /** How far the editor's panel reaches into the map from its left, in pixels (0 when unknown). */
  panelReach: () => number,
) {
  const queryClient = useQueryClient();
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [thumbnailJob, setThumbnailJob] = useState<string | null>(null);
  // What the corners place: a new upload, or the floor's current plan's image (re-tiled by its id).
  const [source, setSource] = useState<TileSource | null>(null);
  const [startCorners, setStartCorners] = useState<PlanCorners | null>(null);
  const [thumbnail, setThumbnail] = useState<PlanThumbnail | null>(null);
  const [corners, setCorners] = useState<PlanCorners | null>(null);
  const [tileJob, setTileJob] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const aborter = useRef<AbortController | null>(null);
  useEffect(() => () => aborter.current?.abort(), []);

  const signature = useTileSignature(useQuery(floorplanQueries.signature(true)).data);
  const imageUrl = useMemo(
    () => (signature && thumbnail ? storedImageUrl(signature, thumbnail.path) : null),
    [signature, thumbnail],
  );

  const thumbnailStatus = usePlanJobStatus(floorId, thumbnailJob);
  const tileStatus = usePlanJobStatus(floorId, tileJob);

  // The thumbnail job ended: its preview is placed in the middle of the view, or its reason shown.
  useEffect(() => {
    const status = thumbnailStatus.data;
    if (!thumbnailJob || !status) return;
    const outcome = jobOutcome(status);
    if (outcome.kind === 'running') return;
    setThumbnailJob(null);
    setCancelling(false);
    const made = thumbnailOf(status);
    if (outcome.kind === 'failed' || !made) {
      setSource(null);
      setError(outcome.kind === 'failed' ? outcome.reason : problemText('The preview was not made'));
      return;
    }
    setThumbnail(made);
  }, [thumbnailJob, thumbnailStatus.data]);
  // A new preview is first placed once the map is there to place it in.
  useEffect(() => {
    if (map && thumbnail && !corners) setCorners(fittedCorners(map, thumbnail, panelReachRef.current()));
  }, [map, thumbnail, corners]);
  useEffect(() => {
    if (thumbnailStatus.error) {
      setThumbnailJob(null);
      setError(problemText(thumbnailStatus.error));
    }
  }, [thumbnailStatus.error]);

  // The tile job ended: at 100 % the floor has its plan (the job saved it); else its reason.
  const onPlacedRef = useRef(onPlaced);
  const panelReachRef = useRef(panelReach);
  useEffect(() => {
    onPlacedRef.current = onPlaced;
    panelReachRef.current = panelReach;
  });
  useEffect(() => {
    const status = tileStatus.data;
    if (!tileJob || !status) return;
    const outcome = jobOutcome(status);
    if (outcome.kind === 'running') return;
    setCancelling(false);
    if (outcome.kind === 'failed') {
      setTileJob(null);
      setError(outcome.reason);
      return;
    }
    void onPlacedRef.current().finally(() => setTileJob(null));
  }, [tileJob, tileStatus.data]);
  useEffect(() => {
    if (tileStatus.error) {
      setTileJob(null);
      setError(problemText(tileStatus.error));
    }
  }, [tileStatus.error]);

  /** SPEC §2.7 'upload image': sends it, then asks for its thumbnail (the preview). */
  async function uploadFile(file: File) {
    aborter.current?.abort();
    const controller = new AbortController();
    aborter.current = controller;
    setError(null);
    setUploadProgress(0);
    let uploaded: PlanUploadResult;
    try {
      uploaded = await uploadPlanImage(floorId, file, setUploadProgress, controller.signal);
    } catch (err) {
      if (!controller.signal.aborted) setError(FLOORPLAN_MESSAGES.uploadProblem(reasonOf(err)));
      return;
    } finally {
      if (aborter.current === controller) setUploadProgress(null);
    }
    try {
      const { job } = await startThumbnailJob(floorId, uploaded);
      if (controller.signal.aborted) return;
      setSource({ id: uploaded.id });
      setStartCorners(null);
      setThumbnail(null);
      setCorners(null);
      setThumbnailJob(job);
    } catch (err) {
      if (!controller.signal.aborted) setError(problemText(err));
    }
  }

  /** SPEC §7 POST plan/tile {corners, id | sourceId}: tiles the image as placed; false when it could not start. */
  async function place(): Promise<boolean> {
    if (!source || !corners) return false;
    setError(null);
    setStarting(true);
    try {
      const { job } = await startTileJob(floorId, source, corners);
      setTileJob(job);
      return true;
    } catch (err) {
      setError(problemText(err));
      return false;
    } finally {
      setStarting(false);
    }
  }

  /** SPEC §4 'cancel is possible': the server's answer is shown at once (no longer running). */
  async function cancel(job: string) {
    setCancelling(true);
    try {
      const answer = await cancelPlanJob(floorId, job);
      queryClient.setQueryData(planJobKeys.status(floorId, job), answer);
    } catch (err) {
      setCancelling(false);
      setError(problemText(err));
    }
  }

  /** Drops the image being placed (No to 'Save changes to floor plan?'). */
  function discard() {
    aborter.current?.abort();
    if (thumbnailJob) void cancelPlanJob(floorId, thumbnailJob).catch(() => undefined);
    setThumbnailJob(null);
    setSource(null);
    setThumbnail(null);
    setCorners(null);
  }

  /** Moves the corners of the floor's current plan: its image is tiled again where they are put. */
  function moveCurrentPlan(planId: string, current: PlanCorners) {
    discard();
    setSource({ sourceId: planId });
    setStartCorners(current);
    setCorners(current);
  }

  const job = (id: string | null, status: PlanJobState | undefined): RunningJob | null =>
    id ? { status, cancel: () => void cancel(id), cancelling } : null;

  return {
    uploadFile,
    uploadProgress,
    thumbnailJob: job(thumbnailJob, thumbnailStatus.data),
    tileJob: job(tileJob, tileStatus.data),
    imageUrl,
    /** The corners being placed, until tiled. */
    corners: source ? corners : null,
    /** A new image, or the current plan's corners moved: what 'Save changes to floor plan?' is about. */
    unsaved: source !== null && corners !== null && (!startCorners || !sameCorners(corners, startCorners)),
    /** The corners place the current plan's image again (no preview image: its outline is drawn). */
    movingCurrent: source !== null && 'sourceId' in source,
    moveCurrentPlan,
    moveCorner: (index: number, lngLat: LngLat) =>
      setCorners((current) => (current ? withCorner(current, index, lngLat) : current)),
    place,
    starting,
    discard,
    error,
    setError,
  };
}

/** SPEC §4: the image's aspect ratio, centred in the current view, sized to fit it. */
function fittedCorners(map: MapLibreMap, image: PlanThumbnail, panelReach: number): PlanCorners {
  const container = map.getContainer();
  const view = { width: container.clientWidth, height: container.clientHeight };
  const points = initialCornerPoints(freeArea(view, panelReach, TOOLBAR_PX), image);
  const at = (i: number): LngLat => {
    const { lng, lat } = map.unproject([points[i]![0], points[i]![1]]);
    return [lng, lat];
  };
  return [at(0), at(1), at(2), at(3)];
}
