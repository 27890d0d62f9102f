import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createSecret, replaceSecret } from '@gridline/contracts/endpoints/secrets';
import { SecretWriteRequest, type SecretMeta } from '@gridline/contracts/secrets';
import { client } from '../../shared/api/client.ts';
import { zodFieldErrors } from '../../shared/forms/zod-errors.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { PasswordField } from '../../shared/ui/password-field.tsx';

/**
 * Set a secret that holds no value (POST) or replace one (PUT). The field starts empty (a value is
 * never read back into a form), is checked with the contract (trimmed, at least one character),
 * and the value lives only in the form and the call: the mutation is not kept once settled.
 */
export function SecretValueForm({ secret, onClose, onSaved }: { secret: SecretMeta; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { value: '' },
    validate: (values) => zodFieldErrors(SecretWriteRequest, { value: values.value.trim() }, t),
  });
  const params = { organisation: secret.organisation, key: secret.key };
  const save = useMutation({
    gcTime: 0,
    mutationFn: (value: string) => client.data(secret.set ? replaceSecret : createSecret, { params, body: { value: value.trim() } }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('secrets.saved', { key: secret.key }) });
      form.reset();
      save.reset();
      onSaved();
    },
  });
  const close = () => {
    form.reset();
    save.reset();
    onClose();
  };

  return (
    <Modal opened onClose={close} title={t(secret.set ? 'secrets.replaceTitle' : 'secrets.setTitle', { key: secret.key })} size="lg">
      <form onSubmit={form.onSubmit((values) => save.mutate(values.value))} noValidate>
        <Stack>
          <PasswordField
            label={t('secrets.value')}
            description={secret.set ? `${t('secrets.valueHelp')} ${t('secrets.replaceHelp')}` : t('secrets.valueHelp')}
            required
            autoComplete="new-password"
            spellCheck={false}
            data-autofocus
            {...form.getInputProps('value')}
          />
          {save.error && <ErrorAlert error={save.error} title={t('app.save')} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('app.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
