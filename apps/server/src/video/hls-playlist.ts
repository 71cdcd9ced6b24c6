// Issue 16: an HLS playlist proxied to a browser names our proxy, never the camera. Every URI of it
// (a media line, or a tag's URI="…" attribute: keys, init maps, renditions, I-frame playlists) is
// resolved against the playlist's own address and handed to `proxied`; one that leaves the camera
// (another origin) becomes `null`, and its line is dropped, so our server fetches nothing but the camera.

const URI_ATTRIBUTE = /URI="([^"]*)"/g;

/** The playlist with every URI replaced by `proxied(absolute URL)`; a URI it refuses is removed. */
export function rewritePlaylist(
  text: string,
  playlistUrl: string,
  proxied: (absoluteUrl: string) => string | null,
): string {
  const resolve = (uri: string): string | null => {
    try {
      return proxied(new URL(uri, playlistUrl).toString());
    } catch {
      return null;
    }
  };
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '') {
      lines.push(line);
    } else if (trimmed.startsWith('#')) {
      let refused = false;
      const rewritten = line.replace(URI_ATTRIBUTE, (_, uri: string) => {
        const url = resolve(uri);
        if (url === null) refused = true;
        return `URI="${url ?? ''}"`;
      });
      if (!refused) lines.push(rewritten);
    } else {
      const url = resolve(trimmed);
      if (url !== null) lines.push(url);
    }
  }
  return lines.join('\n');
}

/** Whether an answer is an HLS playlist, by its type or, for a camera that says less, its name. */
export function isPlaylist(contentType: string | undefined, url: string): boolean {
  if (contentType && /mpegurl/i.test(contentType)) return true;
  return new URL(url).pathname.toLowerCase().endsWith('.m3u8');
}
