/** /subscriptions (issue 16): who is told of what, and how. */
export function SubscriptionsScreen() {
  return null;
}
