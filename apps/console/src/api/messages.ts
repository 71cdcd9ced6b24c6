import { ZONE_MESSAGES } from '@vigil/domain';
import { ApiError, reasonOf } from './errors';

/** SPEC §8's texts, in one place; components never format error text themselves. */
export const messages = {
  couldNotAdd: (error: unknown) => `Sorry, could not add: ${reasonOf(error)}.`,
  couldNotUpdate: (error: unknown) => `Sorry, could not update: ${reasonOf(error)}.`,
  couldNotDelete: (error: unknown) => `Sorry, could not delete: ${reasonOf(error)}.`,
  problem: (error: unknown) => `Sorry, there was a problem: ${reasonOf(error)}`,
  somethingWentWrong: (error: unknown) => `Something went wrong (${reasonOf(error)}). Please try again.`,
  csvFailed: 'Failed to download CSV data',
  csvCanceled: 'Download canceled',
  csvTooLarge: (rows: number, max: number) =>
    `This list has ${rows.toLocaleString('en-US')} rows; a CSV download is limited to ${max.toLocaleString('en-US')}. Please add filters to narrow it down.`,
  csvUnavailable: 'Unable to download csv file at this time',
  /** SPEC §8 CSV import: the chosen file could not be read. */
  couldNotLoadFile: (error: unknown) => `Could not load file: ${reasonOf(error)}`,
  serverProblem:
    'WARNING: Alerts will not be shown! There was a problem accessing the server. Trying to reconnect...',
  networkDown: 'WARNING: Your network is disconnected. Alerts will not be shown!',
  audioBlocked: 'WARNING: Alert audio is disabled! Please click anywhere to enable.',
  alertsMuted: 'Alerts are muted',
  activeHelpRequests: (count: number) => `${count} active help ${count === 1 ? 'request' : 'requests'}`,
  zoneDeleteAssigned: ZONE_MESSAGES.deleteAssigned,
  zoneDeleteProblem: ZONE_MESSAGES.deleteProblem,
  zoneAddProblem: (name: string, error: unknown) => ZONE_MESSAGES.addProblem(name, reasonOf(error)),
  /** SPEC §8: a failed zone delete; the server's 403 means the zone is assigned to a gateway. */
  zoneDeleteFailed: (name: string, error: unknown): string =>
    error instanceof ApiError && error.status === 403
      ? messages.zoneDeleteAssigned(name)
      : messages.zoneDeleteProblem(name),
  tagStateNotFound: 'Tag state not found',
} as const;
