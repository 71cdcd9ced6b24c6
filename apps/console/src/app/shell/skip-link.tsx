import type { MouseEvent } from 'react';
import classes from './skip-link.module.css';

/** The id of a layout's main region, the skip link's target. */
export const MAIN_ID = 'main-content';
/** Props of the element a skip link leads to: focusable by script, not by Tab. */
export const mainProps = { id: MAIN_ID, tabIndex: -1, className: classes.main } as const;

/**
 * The first stop of Tab on a screen: "Skip to main content" moves focus to the main region, past
 * the header and the sidebar's links.
 */
export function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    // Focus it by script: following the fragment would add #main-content to the route's URL.
    event.preventDefault();
    main.focus();
    main.scrollIntoView?.({ block: 'start' });
  }
  return (
    <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={skip}>
      Skip to main content
    </a>
  );
}
