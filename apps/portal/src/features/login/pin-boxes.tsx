import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_LENGTH } from '@gridline/contracts/identity';

interface PinBoxesProps {
  digits: string[];
  onChange: (digits: string[]) => void;
  invalid: boolean;
  describedBy: string | undefined;
  legend: string;
}

/**
 * Four boxes, one digit each (spec 000 §4.1, §5): typing moves on to the next box, Backspace in an
 * empty box goes back, and pasting the whole code (or the phone filling it in) fills every box.
 */
export function PinBoxes({ digits, onChange, invalid, describedBy, legend }: PinBoxesProps) {
  const { t } = useTranslation();
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const focus = (index: number) => refs.current[Math.max(0, Math.min(PIN_LENGTH - 1, index))]?.focus();

  const fill = (from: number, text: string) => {
    const typed = text.replace(/\D/g, '').slice(0, PIN_LENGTH - from);
    if (!typed) return;
    const next = [...digits];
    for (let i = 0; i < typed.length; i += 1) next[from + i] = typed[i] as string;
    onChange(next);
    focus(from + typed.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      onChange(next);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  };

  return (
    <fieldset className="pin-boxes" aria-describedby={describedBy}>
      <legend>{legend}</legend>
      <div className="pin-boxes-row">
        {Array.from({ length: PIN_LENGTH }, (_, index) => (
          <input
            key={index}
            ref={(element) => {
              refs.current[index] = element;
            }}
            className="pin-box"
            type="text"
            inputMode="numeric"
            pattern="[0-9]"
            maxLength={index === 0 ? PIN_LENGTH : 1}
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('login.pinDigit', { n: index + 1, total: PIN_LENGTH })}
            aria-invalid={invalid || undefined}
            value={digits[index] ?? ''}
            onChange={(event) => {
              const text = event.target.value.replace(/\D/g, '');
              if (text !== '') {
                fill(index, text);
                return;
              }
              const next = [...digits];
              next[index] = '';
              onChange(next);
            }}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
    </fieldset>
  );
}
