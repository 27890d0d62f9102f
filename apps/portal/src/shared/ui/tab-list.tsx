import { useRef, type KeyboardEvent } from 'react';
import './tab-list.css';

interface TabListProps {
  /** The tab row's accessible name. */
  label: string;
  /** The tabs' names, in order. */
  names: readonly string[];
  activeIndex: number;
  onChoose: (index: number) => void;
  /** From `useId()`: the tabs are `${idPrefix}-tab-${index}` and control `${idPrefix}-panel`. */
  idPrefix: string;
  className?: string;
}

/** The id of the tab at `index`: the panel's `aria-labelledby`. */
export const tabId = (idPrefix: string, index: number) => `${idPrefix}-tab-${index}`;
/** The id of the panel the tabs control. */
export const tabPanelId = (idPrefix: string) => `${idPrefix}-panel`;

/**
 * A row of tabs (WAI-ARIA tabs pattern, automatic activation): one tab stop, the arrow keys move
 * to the previous and next tab (wrapping), Home and End to the first and last, each choosing it.
 * The page renders the panel itself, with `tabPanelId` and `aria-labelledby={tabId(…)}`.
 */
export function TabList({ label, names, activeIndex, onChoose, idPrefix, className }: TabListProps) {
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const last = names.length - 1;
    const next =
      event.key === 'ArrowRight' ? (activeIndex === last ? 0 : activeIndex + 1)
      : event.key === 'ArrowLeft' ? (activeIndex === 0 ? last : activeIndex - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    onChoose(next);
    tabs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className ? `tab-list ${className}` : 'tab-list'}>
      {names.map((name, index) => (
        <button
          key={`${index}-${name}`}
          ref={(element) => {
            tabs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={tabId(idPrefix, index)}
          aria-selected={index === activeIndex}
          aria-controls={tabPanelId(idPrefix)}
          tabIndex={index === activeIndex ? 0 : -1}
          className="tab-list-tab"
          onClick={() => onChoose(index)}
          onKeyDown={onKeyDown}
        >
          {name}
        </button>
      ))}
    </div>
  );
}
