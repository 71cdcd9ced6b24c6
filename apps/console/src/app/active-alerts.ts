/**
 * Whether any alert is active on this console. The alerts screen (alert-path issue) reports
 * here; the build-reload check and later the alarm read it.
 */
let count = 0;
export const activeAlerts = {
  any: () => count > 0,
  set(next: number) {
    count = next;
  },
};
