import type { ReactNode } from 'react';

/** An error a page or form shows: announced at once by screen readers (role alert). */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <p className="alert alert-error" role="alert">
      {children}
    </p>
  );
}
