// The reasons plan calls and plan jobs answer. The console shows them inside SPEC §8's
// 'Sorry, there was a problem uploading: <reason>' or as a job's failReason. SPEC gives no words
// for these, so they are ours; they live here until the domain's floorplans messages name them.

import { PLAN_UPLOAD_MAX_BYTES, PLAN_UPLOAD_MAX_MB } from '@vigil/domain';

/** The most a plan image upload may hold (the domain's, which the console states; docs/API.md). */
export { PLAN_UPLOAD_MAX_BYTES };
/** The most pixels a plan image may have: libvips' default ceiling (16383 × 16383), against decompression bombs. */
export const PLAN_SOURCE_MAX_PIXELS = 0x3fff * 0x3fff;

export const PLAN_REASONS = {
  noFile: 'Send the plan image as multipart/form-data in the field "floorplan"',
  tooLarge: `A plan image is at most ${PLAN_UPLOAD_MAX_MB} MB`,
  pdfPassword: 'The PDF is protected by a password: save it without one, or export the page as PNG or JPEG',
  pdfDamaged: 'The PDF could not be read: the file is damaged',
  pdfNoPages: 'The PDF has no pages',
  pdfNotDrawn: "The PDF's first page could not be drawn: export the page as PNG or JPEG",
  pdfTooSlow: "The PDF's first page took too long to draw: export the page as PNG or JPEG",
  gif: 'GIF images are not supported: upload the plan as PNG, JPEG or PDF',
  notImage: 'A plan image must be a PNG or JPEG file, or a PDF',
  unreadable: 'The image could not be read: the file is damaged or not a PNG or JPEG',
  tooManyPixels: (width: number, height: number) =>
    `The image is ${width} × ${height} pixels: a plan has at most ${Math.round(PLAN_SOURCE_MAX_PIXELS / 1e6)} megapixels`,
  sourceNotFound: 'The plan image was not found on this floor: upload it again',
  pathMismatch: 'The path does not match the uploaded plan image',
  planNotFound: 'The plan to re-tile was not found on this floor',
  jobNotFound: 'Plan job not found',
  jobsOff: 'Background jobs are not running on this server',
  cancelled: 'Cancelled',
  floorGone: 'The floor was deleted while its plan was being made',
  failedAttempts: (attempts: number) => `The job failed ${attempts} times; the server log says why`,
} as const;

/**
 * A failure that another attempt would repeat (a damaged image, a deleted floor): the job fails at
 * once with this reason instead of being retried.
 */
export class PlanJobFailure extends Error {}

/** Thrown inside a job when its row says it was cancelled: the job stops quietly. */
export class PlanJobCancelled extends Error {}
