import { Badge, ColorSwatch, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SettingsChange } from '@gridline/contracts/settings-parts';
import { changeInWords, type ShownValue, type Translate } from './change-words.ts';

function Value({ value }: { value: ShownValue }) {
  const { t } = useTranslation();
  if (value.kind === 'none') {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {t('releases.values.none')}
      </Text>
    );
  }
  if (value.kind === 'colour') {
    return (
      <Group gap={6} wrap="nowrap">
        <ColorSwatch color={value.hex} size={18} aria-hidden />
        <Text size="sm" ff="monospace">
          {value.hex}
        </Text>
      </Group>
    );
  }
  return (
    <Text size="sm" style={{ wordBreak: 'break-word' }}>
      {value.text}
    </Text>
  );
}

const kindColour = { added: 'green', removed: 'red', changed: 'blue' } as const;

/** What a release, a change request or a comparison changes, field by field, in words: before → after. */
export function ChangeList({ changes, label, testId }: { changes: readonly SettingsChange[]; label: string; testId?: string }) {
  const { t, i18n } = useTranslation();
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {t('releases.changes.none')}
      </Text>
    );
  }
  const rows = changes.map((change) => changeInWords(t as unknown as Translate, change, i18n.language));
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {t('releases.changes.count', { count: changes.length })}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder aria-label={label} data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('releases.changes.part')}</Table.Th>
              <Table.Th scope="col">{t('releases.changes.field')}</Table.Th>
              <Table.Th scope="col">{t('releases.changes.before')}</Table.Th>
              <Table.Th scope="col">
                <span aria-hidden>→ </span>
                {t('releases.changes.after')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => (
              <Table.Tr key={`${changes[i]!.part}.${changes[i]!.path}`}>
                <Table.Td>{row.part}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {row.field}
                    </Text>
                    {row.kind !== 'changed' && (
                      <Badge size="xs" variant="light" color={kindColour[row.kind]}>
                        {t(`releases.changes.kinds.${row.kind}`)}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Value value={row.before} />
                </Table.Td>
                <Table.Td>
                  <Value value={row.after} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
