import { LineIcon } from '../../shared/icons/line-icon.tsx';
/** Line icons of the analysis page; decorative only (their buttons carry the words). */
export function ChevronLeftIcon() {
  return (
    <LineIcon size={18}>
      <path d="M15 18l-6-6 6-6" />
    </LineIcon>
  );
}

export function ChevronRightIcon() {
  return (
    <LineIcon size={18}>
      <path d="M9 18l6-6-6-6" />
    </LineIcon>
  );
}

export function DownloadIcon() {
  return (
    <LineIcon size={18}>
      <path d="M12 4v11" />
      <path d="M7 10l5 5 5-5" />
      <path d="M5 20h14" />
    </LineIcon>
  );
}

export function InfoIcon() {
  return (
    <LineIcon size={18}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5" />
      <path d="M12 8h.01" />
    </LineIcon>
  );
}

/**
 * A clock face with one quarter filled: the quarter of the hour a reading covers (spec 000 §4.5:
 * quarter-hour bars rotate at 0, 90, 180 and 270 degrees).
 */
export function QuarterIcon({ quarter }: { quarter: number }) {
  return (
    <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden="true" focusable="false" className="quarter-icon">
      <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M8 8V1a7 7 0 0 1 7 7z" fill="currentColor" transform={`rotate(${(quarter % 4) * 90} 8 8)`} />
    </svg>
  );
}
