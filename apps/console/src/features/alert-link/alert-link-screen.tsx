/** /link/a/{token} (issue 16): one alert for the recipient of a notification, without signing in. */
export function AlertLinkScreen() {
  return null;
}
