import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { updateUserForStaff } from '@gridline/contracts/endpoints/customers';
import { UpdateCustomerUserRequest, type CustomerUser } from '@gridline/contracts/customers';
import { languages } from '@gridline/locale/languages';
import { client } from '../../shared/api/client.ts';
import { zodFieldErrors } from '../../shared/forms/zod-errors.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

interface Values {
  email: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  language: string;
}

/**
 * Staff change a customer's e-mail, phone number, names or language (`PATCH …/users/{id}`,
 * decision 0038): only the fields that changed are sent, an emptied e-mail, phone or language is
 * cleared (`null`). Checked with the contract the server checks with; passwords are never set here.
 */
export function CustomerUserForm(props: { organisation: string; user: CustomerUser; onClose: () => void; onSaved: (user: CustomerUser) => void }) {
  const { t } = useTranslation();
  const { user } = props;
  const initial: Values = {
    email: user.email ?? '',
    phoneNumber: user.phoneNumber ?? '',
    firstName: user.firstName,
    lastName: user.lastName,
    language: user.language ?? '',
  };
  const form = useForm<Values>({
    initialValues: initial,
    validate: (values) => {
      const body = toBody(values);
      return Object.keys(body).length === 0 ? {} : zodFieldErrors(UpdateCustomerUserRequest, body, t);
    },
  });

  /** The changed fields: text trimmed, an emptied optional field as null. */
  function toBody(values: Values): Record<string, unknown> {
    const body: Record<string, unknown> = {};
    for (const key of ['email', 'phoneNumber', 'language'] as const) {
      const value = values[key].trim();
      if (value !== initial[key]) body[key] = value === '' ? null : value;
    }
    for (const key of ['firstName', 'lastName'] as const) {
      const value = values[key].trim();
      if (value !== initial[key]) body[key] = value;
    }
    return body;
  }

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => client.data(updateUserForStaff, { params: { organisation: props.organisation, id: user._id }, body: body as never }),
    onSuccess: (saved) => {
      notifications.show({ color: 'green', message: t('customers.edit.saved') });
      props.onSaved(saved);
    },
  });
  const unchanged = Object.keys(toBody(form.values)).length === 0;

  return (
    <Modal opened onClose={props.onClose} title={t('customers.edit.title', { name: user.fullName || user.email || user._id })} size="lg">
      <form onSubmit={form.onSubmit((values) => save.mutate(toBody(values)))} noValidate>
        <Stack>
          <Alert color="blue" variant="light">
            {t('customers.edit.note')}
          </Alert>
          <Group grow>
            <TextInput label={t('customers.edit.firstName')} data-autofocus {...form.getInputProps('firstName')} />
            <TextInput label={t('customers.edit.lastName')} {...form.getInputProps('lastName')} />
          </Group>
          <TextInput label={t('customers.columns.email')} type="email" description={t('customers.edit.emptyClears')} {...form.getInputProps('email')} />
          <TextInput label={t('customers.phone')} type="tel" description={t('customers.edit.emptyClears')} {...form.getInputProps('phoneNumber')} />
          <Select
            label={t('customers.language')}
            data={[{ value: '', label: t('customers.edit.noLanguage') }, ...languages.map((l) => ({ value: l, label: t(`languages.${l}`) }))]}
            allowDeselect={false}
            {...form.getInputProps('language')}
          />
          {save.error && <ErrorAlert error={save.error} title={t('app.save')} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={unchanged}>
              {t('app.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
