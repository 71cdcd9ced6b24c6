/** Issue 16: the alert's notifications and their deliveries (the delivery log of this alert). */
export function AlertDeliveries(_props: { alertId: string }) {
  return null;
}
