import { notifications } from '@mantine/notifications';
import { messages } from '../../api/messages';

/** The list mutations whose failures SPEC §8 names. */
export type ListAction = 'add' | 'update' | 'delete';

const TEXTS = {
  add: messages.couldNotAdd,
  update: messages.couldNotUpdate,
  delete: messages.couldNotDelete,
} as const;

/** SPEC §8 'Lists': 'Sorry, could not add: <reason>.' and its update/delete forms. */
export function listErrorMessage(action: ListAction, error: unknown): string {
  return TEXTS[action](error);
}

/** Shows a list mutation's failure, verbatim from SPEC §8, as a red notification. */
export function notifyListError(action: ListAction, error: unknown) {
  notifications.show({ color: 'red', message: listErrorMessage(action, error) });
}
