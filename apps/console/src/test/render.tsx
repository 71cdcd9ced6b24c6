import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider, mergeThemeOverrides, Popover } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { theme } from '../app/theme';

// jsdom lays nothing out, so floating-ui reads every popover target as detached and Mantine
// hides the dropdown (display: none); menus and popovers stay shown in tests.
const testTheme = mergeThemeOverrides(theme, {
  components: { Popover: Popover.extend({ defaultProps: { hideDetached: false } }) },
});

/** Renders with the providers every screen has: Mantine, modals, notifications and a fresh query client. */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={testTheme}>
          <ModalsProvider>
            <Notifications />
            {children}
          </ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>
    );
  }
  return { queryClient, ...render(ui, { wrapper: Wrapper }) };
}
