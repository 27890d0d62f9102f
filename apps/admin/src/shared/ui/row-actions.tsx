import type { ReactNode } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A table row's actions: one "⋯" button named after its row ("Actions: <name>"), opening a menu of `Menu.Item`s. */
export function RowActions({ name, children }: { name: string; children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`${t('table.actions')}: ${name}`}>
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
