import type { ReactNode } from 'react';

/**
 * The one frame every line icon of the portal is drawn in: a 24-unit grid stroked in the text
 * colour. Decorative only: the control it sits in carries the words.
 */
export function LineIcon({ size = 20, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
    >
      {children}
    </svg>
  );
}
