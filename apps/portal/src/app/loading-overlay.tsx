interface LoadingOverlayProps {
  /** Announced to screen readers; absent only before the copy texts are loaded. */
  label?: string | undefined;
}

/** Full-screen spinner while the portal loads or changes location (spec 000 §2.2). */
export function LoadingOverlay({ label }: LoadingOverlayProps) {
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <span className="spinner spinner-large" aria-hidden="true" />
      {label ? <span className="visually-hidden">{label}</span> : null}
    </div>
  );
}
