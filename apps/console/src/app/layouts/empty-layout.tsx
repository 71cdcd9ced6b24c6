import type { ReactNode } from 'react';

/** SPEC §2.5 empty layout: the screen alone (login, public device page, embedded views). */
export function EmptyLayout({ children }: { children: ReactNode }) {
  return <main>{children}</main>;
}
