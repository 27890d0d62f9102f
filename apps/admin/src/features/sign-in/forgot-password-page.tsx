import { useEffect } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resetAdminPassword } from '@gridline/contracts/endpoints/staff';
import { ResetAdminPasswordRequest } from '@gridline/contracts/staff';
import { client, hostOrganisation } from '../../shared/api/client.ts';
import { AuthCard } from '../../shared/ui/auth-card.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { zodFieldErrors } from '../../shared/forms/zod-errors.ts';

/** A reset link by e-mail; the answer is the same whether or not the address is staff's. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('forgot.title')} · ${t('app.name')}`;
  }, [t]);
  const form = useForm({
    initialValues: { email: '' },
    validate: (values) => zodFieldErrors(ResetAdminPasswordRequest.pick({ email: true }), values, t),
  });
  const send = useMutation({ mutationFn: (email: string) => client.data(resetAdminPassword, { body: { organisation: hostOrganisation, email } }) });
  return (
    <AuthCard>
      <Stack>
        <Title order={1} size="h3">
          {t('forgot.title')}
        </Title>
        {send.isSuccess ? (
          <Alert color="green" role="status">
            {t('forgot.sent')}
          </Alert>
        ) : (
          <form onSubmit={form.onSubmit((values) => send.mutate(values.email))} noValidate>
            <Stack>
              <Text size="sm">{t('forgot.help')}</Text>
              <TextInput label={t('forgot.email')} type="email" autoComplete="username" required autoFocus {...form.getInputProps('email')} />
              {send.error && <ErrorAlert error={send.error} title={t('forgot.title')} />}
              <Button type="submit" loading={send.isPending}>
                {t('forgot.submit')}
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
