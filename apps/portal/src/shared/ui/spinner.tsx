interface SpinnerProps {
  /** Announced to screen readers (role=status); omit while no text is available yet. */
  label?: string | undefined;
  size?: 'small' | 'large';
}

/** A spinner in the flow of the page, e.g. while a block's data loads. */
export function Spinner({ label, size = 'small' }: SpinnerProps) {
  return (
    <div className={`spinner-row spinner-${size}`} role="status">
      <span className="spinner" aria-hidden="true" />
      {label ? <span className="visually-hidden">{label}</span> : null}
    </div>
  );
}
