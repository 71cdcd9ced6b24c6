/**
 * Keeps a code held in front of the camera from being reported on every frame: a content is
 * reported when it appears, and again only after it has been out of view for `goneMs`.
 */
export function createRepeatFilter(goneMs: number) {
  const lastSeen = new Map<string, number>();
  return function fresh(contents: readonly string[], now: number): string[] {
    for (const [content, at] of lastSeen) if (now - at >= goneMs) lastSeen.delete(content);
    const appeared = [...new Set(contents)].filter((content) => !lastSeen.has(content));
    for (const content of contents) lastSeen.set(content, now);
    return appeared;
  };
}
