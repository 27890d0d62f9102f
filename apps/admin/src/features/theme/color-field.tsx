import { useId, useState } from 'react';
import { Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldContrast, formatRatio, isHex, type Path, type ThemeValue } from './theme-form.ts';

/**
 * A colour of the theme: the browser's colour picker and the hex text beside it. Where the theme
 * draws this colour on one of its own backgrounds, it shows the contrast ratio against that
 * background and marks a ratio below the rule (4.5:1 text, 3:1 icons and borders) as an error.
 */
export function ColorField({ theme, path, label, serverError, onChange }: { theme: ThemeValue; path: Path; label: string; serverError?: string | undefined; onChange: (path: Path, value: string) => void }) {
  const { t } = useTranslation();
  const value = (path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), theme) as string | undefined) ?? '';
  // What is typed while it is not a colour yet; a valid colour goes straight to the theme.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? value;
  const id = useId();
  const valid = isHex(text);
  const measured = valid ? fieldContrast(theme, path) : null;
  const ratio = measured ? formatRatio(measured.ratio) : '';
  const error = !valid
    ? t('theme.hexInvalid')
    : measured && !measured.ok
      ? t(measured.kind === 'text' ? 'theme.contrastTooLowText' : 'theme.contrastTooLowUi', { ratio, background: measured.background, min: measured.min })
      : serverError;
  const change = (next: string) => {
    if (isHex(next)) {
      setTyped(null);
      onChange(path, next.toLowerCase());
    } else {
      setTyped(next);
    }
  };
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" className="theme-color-field" data-path={path.join('.')}>
      <input
        type="color"
        className="theme-color-swatch"
        aria-label={t('theme.picker', { label })}
        value={valid ? text.toLowerCase() : '#000000'}
        onChange={(event) => change(event.currentTarget.value)}
      />
      <TextInput
        id={id}
        label={label}
        value={text}
        onChange={(event) => change(event.currentTarget.value.trim())}
        error={error}
        description={measured?.ok ? t('theme.contrastOk', { ratio, background: measured.background }) : undefined}
        maxLength={7}
        spellCheck={false}
        autoComplete="off"
        size="sm"
        style={{ flex: 1, minWidth: 0, maxWidth: 260 }}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
    </Group>
  );
}
