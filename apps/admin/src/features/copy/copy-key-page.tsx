import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Loader, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '@gridline/client/errors';
import { COPY_TEXT_MAX_LENGTH, placeholderMismatch, placeholdersOf, type CopyTextItem, type CopyTextsInput } from '@gridline/contracts/copy-texts';
import { deleteCopyText, getCopyText, updateCopyText } from '@gridline/contracts/endpoints/copy';
import { languages, type Language } from '@gridline/contracts/enums';
import { copyGroups, type CopyGroup } from '@gridline/contracts/organisations';
import { formatDateTime } from '@gridline/locale/dates';
import { client } from '../../shared/api/client.ts';
import { useShell } from '../../shared/api/shell-context.ts';
import { mayCall } from '../../shared/api/staff.ts';
import { ConfirmModal } from '../../shared/ui/confirm-modal.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { portalUrl, whereTextAppears } from './where.ts';

type Fields = Record<Language, string>;

/** This layer's own texts as the fields show them: empty where the default applies. */
const fieldsOf = (item: CopyTextItem): Fields => Object.fromEntries(languages.map((l) => [l, item.overridden.includes(l) ? (item.texts[l] ?? '') : ''])) as Fields;

/**
 * One key's editor (decision 0046): the six languages side by side, each with the default under
 * it and a reset; the placeholders checked before saving; where the text appears, with a link to
 * the portal; the save carries the version the page was loaded at (`If-Match`), and a refusal
 * because someone else saved first says so and offers to reload.
 */
export function CopyKeyPage() {
  const { type: typeParam = '', key = '' } = useParams();
  const [search] = useSearchParams();
  const { t, i18n } = useTranslation();
  const { organisation, info } = useShell();
  const queryClient = useQueryClient();
  const type = (copyGroups as readonly string[]).includes(typeParam) ? (typeParam as CopyGroup) : null;
  const platform = search.get('layer') === 'platform' && info.admin.scope === 'ADMIN';
  const layerQuery = platform ? {} : { organisation: organisation.slug };
  const mayWrite = mayCall(info.admin.scope, updateCopyText);
  const language = (languages as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';

  const item = useQuery({
    queryKey: ['copy', organisation.slug, platform, type, 'key', key],
    queryFn: () => client.data(getCopyText, { params: { type: type ?? '', key }, query: layerQuery }),
    enabled: type !== null,
  });
  const [edits, setEdits] = useState<{ version: string; fields: Fields } | null>(null);
  const [resetting, setResetting] = useState(false);
  const loaded = item.data;
  // The fields start from what was loaded, and again after a reload brings another version.
  const fields: Fields | null = loaded ? (edits && edits.version === loaded.version ? edits.fields : fieldsOf(loaded)) : null;
  const setField = (l: Language, value: string) => loaded && fields && setEdits({ version: loaded.version, fields: { ...fields, [l]: value } });

  const changes: CopyTextsInput = {};
  if (loaded && fields) {
    const original = fieldsOf(loaded);
    for (const l of languages) if (fields[l] !== original[l]) changes[l] = fields[l] === '' ? null : fields[l];
  }
  const changed = Object.keys(changes).length > 0;
  const effective = loaded && fields ? Object.fromEntries(languages.map((l) => [l, fields[l] || loaded.defaults[l]])) : {};
  const mismatch = placeholderMismatch(effective);
  const placeholders = [...new Set(languages.flatMap((l) => placeholdersOf(effective[l] ?? '')))].sort();
  const tooLong = fields ? languages.some((l) => fields[l].length > COPY_TEXT_MAX_LENGTH) : false;

  const refreshLists = () => queryClient.invalidateQueries({ queryKey: ['copy', organisation.slug] });
  const save = useMutation({
    mutationFn: () => client.data(updateCopyText, { params: { type: type ?? '', key }, query: layerQuery, body: { texts: changes }, headers: { 'If-Match': loaded?.version ?? '' } }),
    onSuccess: (next) => {
      queryClient.setQueryData(['copy', organisation.slug, platform, type, 'key', key], next);
      setEdits(null);
      notifications.show({ color: 'green', message: t('copyTexts.editor.saved') });
      void refreshLists();
    },
  });
  const resetAll = useMutation({
    mutationFn: () => client.data(deleteCopyText, { params: { type: type ?? '', key }, query: layerQuery, headers: { 'If-Match': loaded?.version ?? '' } }),
    onSuccess: (next) => {
      queryClient.setQueryData(['copy', organisation.slug, platform, type, 'key', key], next);
      setEdits(null);
      setResetting(false);
      notifications.show({ color: 'green', message: t('copyTexts.editor.resetDone') });
      void refreshLists();
    },
    onError: (error) => {
      if (isApiError(error) && error.key === 'COPY_KEY_STALE') setResetting(false);
    },
  });
  const stale = [save.error, resetAll.error].some((error) => isApiError(error) && error.key === 'COPY_KEY_STALE');
  const reload = async () => {
    save.reset();
    resetAll.reset();
    setEdits(null);
    await item.refetch();
  };

  const back = `/${organisation.slug}/copy?type=${type ?? 'my-pages'}${platform ? '&layer=platform' : ''}`;
  const backLink = (
    <Anchor component={Link} to={back} size="sm">
      ← {t('copyTexts.editor.back', { type: t(`copyTexts.types.${type ?? 'my-pages'}`) })}
    </Anchor>
  );
  if (!type || (item.error && isApiError(item.error) && item.error.status === 404)) {
    return (
      <Page title={key}>
        {backLink}
        <Alert color="orange" role="alert">
          {t('copyTexts.editor.notFound')}
        </Alert>
      </Page>
    );
  }
  if (item.error) {
    return (
      <Page title={key}>
        {backLink}
        <ErrorAlert error={item.error} onRetry={() => void item.refetch()} />
      </Page>
    );
  }
  if (!loaded || !fields) {
    return (
      <Page title={key}>
        <Group justify="center" p="xl">
          <Loader aria-label={t('app.loading')} />
        </Group>
      </Page>
    );
  }

  const where = whereTextAppears(type, key);
  const whereText = t(where.label, where.values ? { page: t(where.values.pageKey as string) } : {});
  const names = (list: string[]) => (list.length > 0 ? list.map((n) => `{{${n}}}`).join(', ') : t('copyTexts.editor.none'));
  return (
    <Page title={t('copyTexts.editor.title', { key })} intro={t('copyTexts.editor.intro')}>
      {backLink}
      <Group gap="sm" wrap="wrap">
        <Text size="sm">{t('copyTexts.editor.appears', { where: whereText })}</Text>
        {where.portalPath ? (
          <Anchor href={portalUrl(window.location, organisation.slug, info.organisations.map((o) => o.slug), where.portalPath)} target="_blank" rel="noopener" size="sm">
            {t('copyTexts.editor.openPortal')}
          </Anchor>
        ) : null}
      </Group>
      {loaded.updatedBy && loaded._updatedAt ? (
        <Text size="xs" c="dimmed">
          {t('copyTexts.editor.updatedBy', { date: formatDateTime(loaded._updatedAt, language), email: loaded.updatedBy })}
        </Text>
      ) : null}
      {!mayWrite ? (
        <Text size="sm" c="dimmed">
          {t('copyTexts.readOnly')}
        </Text>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (changed && mismatch.length === 0 && !tooLong) save.mutate();
        }}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
            {languages.map((l) => {
              const own = fields[l] !== '';
              return (
                <Stack key={l} gap={4}>
                  <Textarea
                    label={
                      <Group gap={6} component="span">
                        <span>{`${t(`languages.${l}`)} (${l})`}</span>
                        {loaded.overridden.includes(l) ? (
                          <Badge size="xs" variant="light" component="span">
                            {t('copyTexts.editor.own')}
                          </Badge>
                        ) : null}
                      </Group>
                    }
                    placeholder={loaded.defaults[l] ?? ''}
                    description={loaded.defaults[l] !== null ? t('copyTexts.editor.default', { text: loaded.defaults[l], interpolation: { escapeValue: false } }) : t('copyTexts.editor.noDefault')}
                    autosize
                    minRows={2}
                    maxRows={10}
                    value={fields[l]}
                    readOnly={!mayWrite}
                    onChange={(event) => setField(l, event.currentTarget.value)}
                    error={fields[l].length > COPY_TEXT_MAX_LENGTH ? t('copyTexts.editor.tooLong', { max: COPY_TEXT_MAX_LENGTH }) : undefined}
                    lang={l}
                  />
                  {mayWrite && own ? (
                    <Group justify="flex-end">
                      <Button size="compact-xs" variant="subtle" onClick={() => setField(l, '')} aria-label={`${t('copyTexts.editor.reset')} (${t(`languages.${l}`)})`}>
                        {t('copyTexts.editor.reset')}
                      </Button>
                    </Group>
                  ) : null}
                </Stack>
              );
            })}
          </SimpleGrid>
          {mismatch.length > 0 ? (
            <Alert color="red" role="alert" title={t('copyTexts.editor.placeholdersDiffer')}>
              <Stack gap={2}>
                {mismatch.map((m) => (
                  <Text size="sm" key={m.language}>
                    {t('copyTexts.editor.placeholdersOf', { language: t(`languages.${m.language}`), names: names(m.placeholders), interpolation: { escapeValue: false } })}
                  </Text>
                ))}
              </Stack>
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              {placeholders.length > 0
                ? t('copyTexts.editor.placeholders', { names: names(placeholders), interpolation: { escapeValue: false } })
                : t('copyTexts.editor.noPlaceholders')}
            </Text>
          )}
          {stale ? (
            <Alert color="orange" role="alert" title={t('shared:errors.COPY_KEY_STALE')}>
              <Text size="sm">{t('copyTexts.editor.stale')}</Text>
              <Button mt="sm" size="xs" variant="light" color="orange" onClick={() => void reload()}>
                {t('copyTexts.editor.reload')}
              </Button>
            </Alert>
          ) : save.error ? (
            <ErrorAlert error={save.error} title={t('copyTexts.editor.save')} />
          ) : null}
          {mayWrite ? (
            <Group justify="space-between">
              <Button variant="subtle" color="red" disabled={loaded.overridden.length === 0} onClick={() => setResetting(true)}>
                {t('copyTexts.editor.resetAll')}
              </Button>
              <Group>
                {!changed ? (
                  <Text size="sm" c="dimmed">
                    {t('copyTexts.editor.unchanged')}
                  </Text>
                ) : null}
                <Button type="submit" loading={save.isPending} disabled={!changed || mismatch.length > 0 || tooLong}>
                  {t('copyTexts.editor.save')}
                </Button>
              </Group>
            </Group>
          ) : null}
        </Stack>
      </form>
      <ConfirmModal
        opened={resetting}
        title={t('copyTexts.editor.resetAllTitle', { key })}
        body={t('copyTexts.editor.resetAllBody')}
        confirmLabel={t('copyTexts.editor.reset')}
        busy={resetAll.isPending}
        error={resetAll.error && !stale ? <ErrorAlert error={resetAll.error} title={t('copyTexts.editor.reset')} /> : null}
        onConfirm={() => resetAll.mutate()}
        onClose={() => {
          setResetting(false);
          resetAll.reset();
        }}
      />
    </Page>
  );
}

