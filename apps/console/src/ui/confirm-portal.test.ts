import { afterEach, describe, expect, it } from 'vitest';
import { dialogPortalProps } from './confirm';

// In full screen only the full-screen element (the floor map's frame) is shown: a dialog opened
// then must go inside it, or it is invisible and holds the focus.

afterEach(() => {
  Object.defineProperty(document, 'fullscreenElement', { value: null, configurable: true });
});

describe('dialogPortalProps', () => {
  it('puts a dialog in the element shown in full screen', () => {
    const frame = document.createElement('div');
    Object.defineProperty(document, 'fullscreenElement', { value: frame, configurable: true });
    expect(dialogPortalProps()).toEqual({ portalProps: { target: frame } });
  });

  it("leaves Mantine's default (the page) otherwise", () => {
    Object.defineProperty(document, 'fullscreenElement', { value: null, configurable: true });
    expect(dialogPortalProps()).toEqual({});
  });
});
