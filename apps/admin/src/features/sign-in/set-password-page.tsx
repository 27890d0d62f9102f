import { useEffect } from 'react';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { setAdminPassword } from '@gridline/contracts/endpoints/staff';
import { STAFF_PASSWORD_MIN_LENGTH, StaffPassword } from '@gridline/contracts/staff';
import { z } from 'zod';
import { client, hostOrganisation } from '../../shared/api/client.ts';
import { PasswordField } from '../../shared/ui/password-field.tsx';
import { AuthCard } from '../../shared/ui/auth-card.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { zodFieldErrors } from '../../shared/forms/zod-errors.ts';

const PasswordForm = z.object({ password: StaffPassword, repeat: z.string() });

/** From the admin-created or reset e-mail's link (`/admin/set-password?ref=…`): the admin chooses a password. */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ref = params.get('ref') ?? '';
  useEffect(() => {
    document.title = `${t('setPassword.title')} · ${t('app.name')}`;
  }, [t]);
  const form = useForm({
    initialValues: { password: '', repeat: '' },
    validate: (values) => {
      const errors = zodFieldErrors(PasswordForm, values, t);
      if (!errors['password'] && values.password !== values.repeat) errors['repeat'] = t('validation.passwordsDiffer');
      return errors;
    },
  });
  const save = useMutation({
    mutationFn: (password: string) => client.data(setAdminPassword, { body: { ref, password, organisation: hostOrganisation } }),
  });

  return (
    <AuthCard>
      <Stack>
        <Title order={1} size="h3">
          {t('setPassword.title')}
        </Title>
        {!ref ? (
          <Alert color="red" role="alert">
            {t('setPassword.missingRef')}
          </Alert>
        ) : save.isSuccess ? (
          <>
            <Alert color="green" role="status">
              {t('setPassword.done')}
            </Alert>
            <Button component={Link} to="/sign-in">
              {t('setPassword.toSignIn')}
            </Button>
          </>
        ) : (
          <form onSubmit={form.onSubmit((values) => save.mutate(values.password))} noValidate>
            <Stack>
              <Text size="sm">{t('setPassword.help', { min: STAFF_PASSWORD_MIN_LENGTH })}</Text>
              <PasswordField label={t('setPassword.password')} autoComplete="new-password" required autoFocus {...form.getInputProps('password')} />
              <PasswordField label={t('setPassword.repeat')} autoComplete="new-password" required {...form.getInputProps('repeat')} />
              {save.error && <ErrorAlert error={save.error} title={t('setPassword.title')} />}
              <Button type="submit" loading={save.isPending}>
                {t('setPassword.submit')}
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to="/sign-in" size="sm">
          {t('forgot.back')}
        </Anchor>
      </Stack>
    </AuthCard>
  );
}
