import { createTheme } from '@mantine/core';

/**
 * The back office's look: Mantine's defaults with a primary colour dark enough for white text at
 * WCAG AA (teal 8 on white is 4.9:1), and focus rings always shown for keyboard users.
 */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: 8,
  focusRing: 'auto',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});
