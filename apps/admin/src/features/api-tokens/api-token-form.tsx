import { Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createApiToken, updateApiToken } from '@gridline/contracts/endpoints/api-tokens';
import { CreateApiTokenRequest, tokenScopes, UpdateApiTokenRequest, type ApiToken, type CreatedApiToken, type TokenScope } from '@gridline/contracts/api-tokens';
import { formatDateTime } from '@gridline/locale/dates';
import type { Language } from '@gridline/locale/languages';
import { client } from '../../shared/api/client.ts';
import { zodFieldErrors } from '../../shared/forms/zod-errors.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

/** The expiries offered: a number of days from now, none (until revoked), or, when editing, the current one. */
const DURATIONS = ['7', '30', '90', '365'] as const;
type Expiry = 'keep' | 'never' | (typeof DURATIONS)[number];

interface Values {
  name: string;
  tokenScopes: TokenScope[];
  expiry: Expiry;
}

const DAY_MS = 86_400_000;

/** The expiry a choice stands for, counted from the moment the form is sent: unchanged (undefined), none (null), or an instant. */
function expiresAt(expiry: Expiry): string | null | undefined {
  if (expiry === 'keep') return undefined;
  if (expiry === 'never') return null;
  return new Date(Date.now() + Number(expiry) * DAY_MS).toISOString();
}

/**
 * Create an API token or change one's name, scopes or expiry (spec 002 §5, §7). The values are
 * checked with the contract's own schema (a name of at least 3 characters, one scope or more);
 * the server's refusal is shown in the form. A created token goes to `onCreated`, which shows it
 * once; it is not kept here.
 */
export function ApiTokenForm(props: { token: ApiToken | null; organisation: string; onClose: () => void; onCreated: (token: CreatedApiToken) => void; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const { token } = props;
  const form = useForm<Values>({
    initialValues: {
      name: token?.name ?? '',
      tokenScopes: token?.tokenScopes ?? ['syncAccount'],
      expiry: token ? 'keep' : '90',
    },
    validate: (values) => {
      const body = token ? changesOf(values) : createBody(values);
      const errors = zodFieldErrors(token ? UpdateApiTokenRequest : CreateApiTokenRequest, body, t);
      // No scope ticked: say so in the words of a group of boxes.
      if (values.tokenScopes.length === 0) errors.tokenScopes = t('apiTokens.form.scopesRequired');
      return errors;
    },
  });

  function createBody(values: Values): CreateApiTokenRequest {
    const expiry = expiresAt(values.expiry);
    return { name: values.name.trim(), organisation: props.organisation, tokenScopes: values.tokenScopes, ...(expiry ? { expiresAt: expiry } : {}) };
  }

  /** Only what changed, so that the audit log records only that. */
  function changesOf(values: Values): UpdateApiTokenRequest {
    if (!token) return {};
    const name = values.name.trim();
    const scopes = tokenScopes.filter((s) => values.tokenScopes.includes(s));
    const expiry = expiresAt(values.expiry);
    return {
      ...(name !== token.name ? { name } : {}),
      ...(scopes.join() !== tokenScopes.filter((s) => token.tokenScopes.includes(s)).join() ? { tokenScopes: scopes } : {}),
      ...(expiry !== undefined ? { expiresAt: expiry } : {}),
    };
  }

  const save = useMutation({
    // The answer of a creation carries the token: it is handed on once and not kept in the mutation cache.
    gcTime: 0,
    mutationFn: async (values: Values): Promise<{ created: CreatedApiToken | null; saved: ApiToken | null }> => {
      if (!token) return { created: await client.data(createApiToken, { body: createBody(values) }), saved: null };
      const changes = changesOf(values);
      if (Object.keys(changes).length === 0) return { created: null, saved: null };
      return { created: null, saved: await client.data(updateApiToken, { params: { id: token._id }, body: changes }) };
    },
    onSuccess: ({ created, saved }) => {
      if (created) {
        notifications.show({ color: 'green', message: t('apiTokens.created', { name: created.name }) });
        props.onCreated(created);
        save.reset();
        return;
      }
      notifications.show({ color: saved ? 'green' : 'gray', message: saved ? t('apiTokens.updated', { name: saved.name }) : t('apiTokens.unchanged') });
      props.onSaved();
    },
  });

  const expiryOptions = [
    ...(token ? [{ value: 'keep', label: token.expiresAt ? t('apiTokens.form.keepExpiry', { date: formatDateTime(token.expiresAt, i18n.language as Language) }) : t('apiTokens.form.keepNoExpiry') }] : []),
    ...DURATIONS.map((days) => ({ value: days, label: t(`apiTokens.form.days.${days}`) })),
    { value: 'never', label: t('apiTokens.form.never') },
  ];

  return (
    <Modal opened onClose={props.onClose} title={token ? t('apiTokens.form.editTitle', { name: token.name }) : t('apiTokens.form.createTitle')} size="lg">
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
        <Stack>
          <TextInput label={t('apiTokens.form.name')} description={t('apiTokens.form.nameHelp')} required autoComplete="off" data-autofocus {...form.getInputProps('name')} />
          <Checkbox.Group label={t('apiTokens.form.scopes')} required {...form.getInputProps('tokenScopes')}>
            <Stack gap="xs" mt="xs">
              {tokenScopes.map((scope) => (
                <Checkbox key={scope} value={scope} label={t(`apiTokens.scopes.${scope}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Select label={t('apiTokens.form.expiry')} description={t('apiTokens.form.expiryHelp')} data={expiryOptions} allowDeselect={false} {...form.getInputProps('expiry')} />
          {save.error && <ErrorAlert error={save.error} title={token ? t('app.save') : t('app.create')} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {token ? t('app.save') : t('app.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
