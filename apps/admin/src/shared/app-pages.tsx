import { Group, Text, type ComboboxItem, type OptionsFilter, type SelectProps } from '@mantine/core';
import type { TFunction } from 'i18next';

/**
 * A Select's options for the app's pages (spec 002 §2: home items, custom favorites): each page
 * by its name in the staff member's language (`appPages.names`), with its code beside it in
 * small type for the developers; the search finds a page by its name or its code.
 */
export function appPageSelect(t: TFunction, codes: readonly string[]): Pick<SelectProps, 'data' | 'renderOption' | 'filter'> {
  const name = (code: string) => t(`appPages.names.${code}`, { defaultValue: code });
  const filter: OptionsFilter = ({ options, search }) => {
    const wanted = search.trim().toLowerCase();
    return (options as ComboboxItem[]).filter((o) => !wanted || o.label.toLowerCase().includes(wanted) || o.value.toLowerCase().includes(wanted));
  };
  return {
    data: codes.map((code) => ({ value: code, label: name(code) })),
    renderOption: ({ option }) => (
      <Group gap="xs" justify="space-between" wrap="nowrap" w="100%">
        <Text size="sm">{option.label}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {option.value}
        </Text>
      </Group>
    ),
    filter,
  };
}
