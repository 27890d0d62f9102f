import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '@gridline/contracts/exports';
import { DownloadIcon } from './analysis-icons.tsx';

interface ExportMenuProps {
  /** Why export is not possible now (the total view, no data); null when it is. */
  disabledReason: string | null;
  onExport(format: ExportFormat): Promise<void>;
}

const FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];

/**
 * The export button and its small menu (spec 000 §2.9 "CSV/XLSX export tooltip"): CSV or Excel
 * of the period shown. Disabled, with the reason, in the total view and without data (§4.5). A
 * WAI-ARIA menu button: arrows move between the formats, Escape closes and returns focus.
 */
export function ExportMenu({ disabledReason, onExport }: ExportMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [working, setWorking] = useState(false);
  const [failed, setFailed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const menuId = useId();
  const reasonId = useId();
  const disabled = disabledReason !== null;
  // A menu left open when export stops being possible (another period) closes.
  const shown = open && !disabled;

  useEffect(() => {
    if (!shown) return;
    itemRefs.current[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [shown]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const choose = async (format: ExportFormat) => {
    close(true);
    setWorking(true);
    setFailed(false);
    try {
      await onExport(format);
    } catch (error) {
      console.warn('Analysis: the export failed', error);
      setFailed(true);
    } finally {
      setWorking(false);
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = itemRefs.current.filter((item): item is HTMLButtonElement => item !== null);
    const index = items.findIndex((item) => item === document.activeElement);
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = (index + 1) % items.length;
    else if (event.key === 'ArrowUp') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    } else if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    if (next === null) return;
    event.preventDefault();
    items[next]?.focus();
  };

  return (
    <div className="export-menu">
      <button
        ref={buttonRef}
        type="button"
        className="button button-secondary button-small"
        aria-haspopup="menu"
        aria-expanded={shown}
        aria-controls={shown ? menuId : undefined}
        aria-disabled={disabled || working || undefined}
        aria-describedby={disabled ? reasonId : undefined}
        onClick={() => {
          if (!disabled && !working) setOpen((o) => !o);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !disabled && !working) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <DownloadIcon />
        {working ? t('analysis.export.preparing') : t('analysis.export.button')}
      </button>
      {disabled ? (
        <span id={reasonId} className="visually-hidden">
          {disabledReason}
        </span>
      ) : null}
      {shown ? (
        <ul ref={menuRef} id={menuId} role="menu" aria-label={t('analysis.export.menuLabel')} className="export-menu-list" onKeyDown={onMenuKey}>
          {FORMATS.map((format, index) => (
            <li key={format} role="none">
              <button
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="export-menu-item"
                onClick={() => void choose(format)}
              >
                {format === 'csv' ? t('analysis.export.csv') : t('analysis.export.xlsx')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {failed ? (
        <p className="field-error export-error" role="alert">
          {t('analysis.export.error')}
        </p>
      ) : null}
    </div>
  );
}
