import { Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createAdmin, updateAdmin } from '@gridline/contracts/endpoints/admins';
import { CreateAdminRequest, UpdateAdminRequest, type Admin, type StaffScope } from '@gridline/contracts/staff';
import { languages, type Language } from '@gridline/locale/languages';
import { client } from '../../shared/api/client.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { zodFieldErrors } from '../../shared/forms/zod-errors.ts';

interface Values {
  email: string;
  firstName: string;
  lastName: string;
  scope: string;
  language: Language;
  personalId: string;
  sendEmail: boolean;
  resetSecondFactor: boolean;
}

/**
 * Create an admin (with the admin-created e-mail by default) or edit one. The values are checked
 * with the same contract the server checks them with; the server's refusal (an e-mail in use, a
 * role one may not give) is shown in the form.
 */
export function AdminForm(props: { admin: Admin | null; organisation: string | null; scopes: readonly StaffScope[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { admin } = props;
  const form = useForm<Values>({
    initialValues: {
      email: admin?.email ?? '',
      firstName: admin?.firstName ?? '',
      lastName: admin?.lastName ?? '',
      scope: admin?.scope ?? props.scopes[props.scopes.length - 1] ?? '',
      language: admin?.language ?? 'en',
      personalId: '',
      sendEmail: true,
      resetSecondFactor: false,
    },
    validate: (values) => zodFieldErrors(admin ? UpdateAdminRequest : CreateAdminRequest, toBody(values), t),
  });

  function toBody(values: Values): Record<string, unknown> {
    const personalId = values.personalId.replace(/\D/g, '');
    if (admin) {
      return {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        language: values.language,
        ...(values.scope !== admin.scope ? { scope: values.scope } : {}),
        ...(personalId ? { personalId } : {}),
        ...(values.resetSecondFactor ? { resetSecondFactor: true } : {}),
      };
    }
    return {
      email: values.email,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      scope: values.scope,
      language: values.language,
      sendEmail: values.sendEmail,
      ...(props.organisation ? { organisation: props.organisation } : {}),
      ...(personalId ? { personalId } : {}),
    };
  }

  const save = useMutation({
    mutationFn: (values: Values) =>
      admin
        ? client.data(updateAdmin, { params: { id: admin._id }, body: toBody(values) as never })
        : client.data(createAdmin, { body: toBody(values) as never }),
    onSuccess: (saved, values) => {
      const message = admin ? t('admins.updated', { email: saved.email }) : values.sendEmail ? t('admins.createdWithMail', { email: saved.email }) : t('admins.created', { email: saved.email });
      notifications.show({ color: 'green', message });
      props.onSaved();
    },
  });

  return (
    <Modal opened onClose={props.onClose} title={admin ? t('admins.form.editTitle', { email: admin.email }) : t('admins.form.createTitle')} size="lg">
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
        <Stack>
          <TextInput label={t('admins.form.email')} type="email" required disabled={admin !== null} data-autofocus {...form.getInputProps('email')} />
          <Group grow>
            <TextInput label={t('admins.form.firstName')} {...form.getInputProps('firstName')} />
            <TextInput label={t('admins.form.lastName')} {...form.getInputProps('lastName')} />
          </Group>
          <Group grow>
            <Select label={t('admins.form.scope')} required data={props.scopes.map((s) => ({ value: s, label: t(`scopes.${s}`) }))} allowDeselect={false} {...form.getInputProps('scope')} />
            <Select label={t('admins.form.language')} data={languages.map((l) => ({ value: l, label: t(`languages.${l}`) }))} allowDeselect={false} {...form.getInputProps('language')} />
          </Group>
          <TextInput label={t('admins.form.personalId')} description={t('admins.form.personalIdHelp')} inputMode="numeric" autoComplete="off" {...form.getInputProps('personalId')} />
          {admin ? (
            admin.secondFactor && <Checkbox label={t('admins.form.resetSecondFactor')} {...form.getInputProps('resetSecondFactor', { type: 'checkbox' })} />
          ) : (
            <Checkbox label={t('admins.form.sendEmail')} {...form.getInputProps('sendEmail', { type: 'checkbox' })} />
          )}
          {save.error && <ErrorAlert error={save.error} title={admin ? t('app.save') : t('app.create')} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {admin ? t('app.save') : t('app.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
