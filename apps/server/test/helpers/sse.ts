/**
 * Reads a Server-Sent Events response until `until` holds for the text so far, or `ms` pass.
 * One read is in flight at a time: a read abandoned to a timeout would swallow its chunk.
 */
export async function readStream(
  res: Response,
  until: (text: string) => boolean,
  ms = 5000,
): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  let pending = reader.read();
  while (!until(text) && Date.now() < deadline) {
    const tick = new Promise<'tick'>((r) => setTimeout(() => r('tick'), 50));
    const chunk = await Promise.race([pending, tick]);
    if (chunk === 'tick') continue;
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
    pending = reader.read();
  }
  await reader.cancel().catch(() => undefined);
  return text;
}
