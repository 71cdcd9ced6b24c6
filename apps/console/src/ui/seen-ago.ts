import { formatAge } from '@vigil/domain';

/** Issue 20: when a tag was last heard, e.g. 'seen 12 s ago', or 'Never heard'. */
export function seenAgo(seenAt: string | null, now: Date): string {
  if (!seenAt) return 'Never heard';
  return `seen ${formatAge(now.getTime() - Date.parse(seenAt))} ago`;
}
