import { useTranslation } from 'react-i18next';
import { addEntry, canAddEntry, countOf, HOME_LIST_LIMIT, removeEntry } from '@gridline/contracts/home';
import { formatNumber } from '@gridline/locale/numbers';
import { useLanguage } from '../../shared/i18n/language-context.ts';

interface CountListProps<T extends string> {
  legend: string;
  hint: string;
  /** The kinds that can be counted (without the list's "none"). */
  options: readonly T[];
  none: T;
  list: readonly T[];
  labels: Readonly<Record<T, string>>;
  onChange(list: T[]): void;
}

/**
 * A list whose repeated entries are counts (vehicles, gadgets; spec 000 §4.7): a row per kind
 * with minus, its count and plus, and the exclusive "none" choice. Plus removes "none"; "none"
 * clears the others; the list grows only while it has fewer than 50 entries. The buttons stay
 * focusable when they can do nothing (aria-disabled), so the keyboard focus never drops.
 */
export function CountList<T extends string>({ legend, hint, options, none, list, labels, onChange }: CountListProps<T>) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const full = !canAddEntry(list, none);
  const hasNone = list.includes(none);

  return (
    <fieldset className="home-group">
      <legend>{legend}</legend>
      <p className="field-hint">{hint}</p>
      <ul className="counter-list">
        {options.map((option) => {
          const count = countOf(list, option);
          const label = labels[option];
          return (
            <li key={option} className="counter-row">
              {/* Read once, with its count, from the live text beside the buttons. */}
              <span className="counter-label" aria-hidden="true">
                {label}
              </span>
              <span className="counter-controls">
                <button
                  type="button"
                  className="counter-button"
                  aria-label={t('myHome.remove', { item: label })}
                  aria-disabled={count === 0 || undefined}
                  onClick={() => {
                    if (count > 0) onChange(removeEntry(list, option));
                  }}
                >
                  <span aria-hidden="true">−</span>
                </button>
                <span className="counter-value" aria-live="polite" aria-atomic="true">
                  <span className="visually-hidden">{`${label}: `}</span>
                  {formatNumber(count, language)}
                </span>
                <button
                  type="button"
                  className="counter-button"
                  aria-label={t('myHome.add', { item: label })}
                  aria-disabled={full || undefined}
                  onClick={() => {
                    if (!full) onChange(addEntry(list, option, none));
                  }}
                >
                  <span aria-hidden="true">+</span>
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <label className="choice">
        <input type="checkbox" checked={hasNone} onChange={(event) => onChange(event.target.checked ? addEntry(list, none, none) : [])} />
        <span>{labels[none]}</span>
      </label>
      {full ? (
        <p className="field-hint" role="status">
          {t('myHome.listFull', { limit: formatNumber(HOME_LIST_LIMIT, language) })}
        </p>
      ) : null}
    </fieldset>
  );
}
