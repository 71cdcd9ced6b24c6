import { createContext, useContext } from 'react';

/**
 * The signed-in user's start page (SPEC §2.2 landing), or undefined when their role has none: the
 * app's root provides it, so that a page offering a way back never sends the user to itself.
 */
export const StartPageContext = createContext<string | undefined>(undefined);

export function useStartPage(): string | undefined {
  return useContext(StartPageContext);
}
