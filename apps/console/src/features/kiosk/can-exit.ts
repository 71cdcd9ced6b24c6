// SPEC §6: exit to the dashboard needs "a saved per-station can-exit setting". It belongs to the
// device, as the installed app does: kept in this browser's localStorage, one entry per station,
// set on the station picker by someone whose role has a dashboard.

const key = (station: string) => `vigil.kiosk.${station}.canExit`;

export function canExitSaved(station: string): boolean {
  try {
    return localStorage.getItem(key(station)) === 'true';
  } catch {
    return false;
  }
}

export function saveCanExit(station: string, canExit: boolean) {
  try {
    if (canExit) localStorage.setItem(key(station), 'true');
    else localStorage.removeItem(key(station));
  } catch {
    /* storage off: the setting cannot be kept, so exit stays off */
  }
}
