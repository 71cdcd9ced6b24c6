/**
 * Whether any alert is active on this console. The alerting provider reports the open
 * alerts here; the build-reload check reads it.
 */
let count = 0;
export const activeAlerts = {
  any: () => count > 0,
  set(next: number) {
    count = next;
  },
};
