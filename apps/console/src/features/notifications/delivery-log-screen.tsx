/** /log/notifications (issue 16): every notification's deliveries. */
export function DeliveryLogScreen() {
  return null;
}
