import { onTestFinished, vi } from 'vitest';

/**
 * jsdom lays nothing out: every box is 0×0, so Mantine's popovers (floating-ui's `hide`
 * middleware) think their target is off screen and keep the dropdown `display: none`. For one
 * test, give every element a small box inside a 1024×768 viewport.
 */
export function stubLayout() {
  const box = { x: 10, y: 10, top: 10, left: 10, width: 200, height: 30, right: 210, bottom: 40 };
  const rect = vi
    .spyOn(Element.prototype, 'getBoundingClientRect')
    .mockReturnValue({ ...box, toJSON: () => box } as DOMRect);
  const html = document.documentElement;
  Object.defineProperty(html, 'clientWidth', { value: 1024, configurable: true });
  Object.defineProperty(html, 'clientHeight', { value: 768, configurable: true });
  onTestFinished(() => {
    rect.mockRestore();
    delete (html as { clientWidth?: number }).clientWidth;
    delete (html as { clientHeight?: number }).clientHeight;
  });
}
