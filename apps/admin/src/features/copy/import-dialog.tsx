import { useState } from 'react';
import { Badge, Button, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { importCopyTexts } from '@gridline/contracts/endpoints/copy';
import type { CopyImportResult, CopyTextChange } from '@gridline/contracts/copy-texts';
import type { CopyGroup } from '@gridline/contracts/organisations';
import { client } from '../../shared/api/client.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

/** Rows of the dry run shown at most; the summary counts them all. */
const SHOWN = 200;
const actionColour: Record<CopyTextChange['action'], string> = { add: 'green', change: 'blue', remove: 'orange', unchanged: 'gray' };

/**
 * Importing a CSV (decision 0046): the file is read in the browser, sent as a dry run first, and
 * the list of what would change is shown; only the confirm button sends it for real (one
 * transaction on the server, which answers the same list).
 */
export function ImportDialog({ type, organisation, onClose }: { type: CopyGroup; organisation: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [plan, setPlan] = useState<CopyImportResult | null>(null);
  const query = (dryRun: boolean) => ({ ...(organisation ? { organisation } : {}), dryRun: dryRun ? 'true' : 'false' });

  const preview = useMutation({
    mutationFn: async () => {
      const text = await file!.text();
      setCsv(text);
      return client.data(importCopyTexts, { params: { type }, query: query(true), body: { csv: text } });
    },
    onSuccess: (result) => setPlan(result),
  });
  const apply = useMutation({
    mutationFn: () => client.data(importCopyTexts, { params: { type }, query: query(false), body: { csv: csv ?? '' } }),
    onSuccess: (result) => {
      notifications.show({ color: 'green', message: t('copyTexts.importDialog.done', { count: result.changes.filter((c) => c.action !== 'unchanged').length }) });
      void queryClient.invalidateQueries({ queryKey: ['copy'] });
      onClose();
    },
  });

  const changes = plan?.changes.filter((c) => c.action !== 'unchanged') ?? [];
  const count = (action: CopyTextChange['action']) => plan?.changes.filter((c) => c.action === action).length ?? 0;
  return (
    <Modal opened onClose={onClose} title={t('copyTexts.importDialog.title', { type: t(`copyTexts.types.${type}`) })} size="xl">
      <Stack gap="sm">
        <Text size="sm">{t('copyTexts.importDialog.intro')}</Text>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (file) preview.mutate();
          }}
        >
          <Group align="flex-end">
            <FileInput
              label={t('copyTexts.importDialog.file')}
              placeholder={t('copyTexts.importDialog.filePlaceholder')}
              accept=".csv,text/csv"
              value={file}
              onChange={(next) => {
                setFile(next);
                setPlan(null);
                preview.reset();
              }}
              w={320}
            />
            <Button type="submit" variant="default" disabled={!file} loading={preview.isPending}>
              {t('copyTexts.importDialog.preview')}
            </Button>
          </Group>
        </form>
        {preview.error ? <ErrorAlert error={preview.error} /> : null}
        {plan ? (
          <Stack gap="xs" aria-live="polite">
            <Text size="sm" fw={600}>
              {t('copyTexts.importDialog.summary', { add: count('add'), change: count('change'), remove: count('remove'), unchanged: count('unchanged') })}
            </Text>
            {changes.length === 0 ? (
              <Text size="sm">{t('copyTexts.importDialog.nothing')}</Text>
            ) : (
              <>
                <Text size="xs" c="dimmed">
                  {t('copyTexts.importDialog.onlyChanges')}
                </Text>
                <Table.ScrollContainer minWidth={600} mah={360}>
                  <Table striped withTableBorder aria-label={t('copyTexts.importDialog.title', { type: t(`copyTexts.types.${type}`) })}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('copyTexts.importDialog.columns.key')}</Table.Th>
                        <Table.Th>{t('copyTexts.importDialog.columns.language')}</Table.Th>
                        <Table.Th>{t('copyTexts.importDialog.columns.before')}</Table.Th>
                        <Table.Th>{t('copyTexts.importDialog.columns.after')}</Table.Th>
                        <Table.Th>{t('copyTexts.importDialog.columns.action')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {changes.slice(0, SHOWN).map((change) => (
                        <Table.Tr key={`${change.key}|${change.language}`}>
                          <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                            {change.key}
                          </Table.Td>
                          <Table.Td>{change.language}</Table.Td>
                          <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{change.before ?? t('copyTexts.importDialog.empty')}</Table.Td>
                          <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{change.after ?? t('copyTexts.importDialog.empty')}</Table.Td>
                          <Table.Td>
                            <Badge variant="light" color={actionColour[change.action]}>
                              {t(`copyTexts.importDialog.actions.${change.action}`)}
                            </Badge>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                {changes.length > SHOWN ? <Text size="xs">{t('copyTexts.importDialog.more', { count: changes.length - SHOWN })}</Text> : null}
              </>
            )}
          </Stack>
        ) : null}
        {apply.error ? <ErrorAlert error={apply.error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button disabled={!plan || changes.length === 0} loading={apply.isPending} onClick={() => apply.mutate()}>
            {t('copyTexts.importDialog.confirm', { count: changes.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
