import { useEffect, useState } from 'react';
import { Anchor, Button, Divider, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { staffSignIn } from '@gridline/contracts/endpoints/staff';
import { StaffSignInRequest, type StaffSignInAnswer } from '@gridline/contracts/staff';
import { client, hostOrganisation } from '../../shared/api/client.ts';
import { PasswordField } from '../../shared/ui/password-field.tsx';
import { AuthCard } from '../../shared/ui/auth-card.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { zodFieldErrors } from '../../shared/forms/zod-errors.ts';
import { BankIdSignIn } from './bankid-sign-in.tsx';
import { SecondFactorStep } from './second-factor-step.tsx';
import { useFinishSignIn } from './use-sign-in-finish.ts';

/**
 * The staff's sign-in (decision 0035): e-mail and password by default, BankID by QR code as the
 * alternative; then the second factor where the organisation requires it or the admin enrolled one.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const finish = useFinishSignIn();
  const [method, setMethod] = useState<'password' | 'bankid'>('password');
  const [next, setNext] = useState<Exclude<StaffSignInAnswer, { status: 'done' }> | null>(null);
  useEffect(() => {
    document.title = `${t('signIn.title')} · ${t('app.name')}`;
  }, [t]);

  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: (values) => zodFieldErrors(StaffSignInRequest.pick({ email: true, password: true }), values, t),
  });
  const signIn = useMutation({
    mutationFn: (values: { email: string; password: string }) => client.data(staffSignIn, { body: { organisation: hostOrganisation, ...values } }),
    onSuccess: (answer) => (answer.status === 'done' ? finish(answer.tokens) : setNext(answer)),
  });
  const answered = (answer: StaffSignInAnswer) => (answer.status === 'done' ? finish(answer.tokens) : setNext(answer));

  return (
    <AuthCard>
      {next ? (
        <SecondFactorStep step={next} onDone={finish} onRestart={() => setNext(null)} />
      ) : (
        <Stack>
          <div>
            <Title order={1} size="h3">
              {t('signIn.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('signIn.intro', { organisation: hostOrganisation })}
            </Text>
          </div>
          {method === 'password' ? (
            <form onSubmit={form.onSubmit((values) => signIn.mutate(values))} noValidate>
              <Stack>
                <TextInput label={t('signIn.email')} type="email" autoComplete="username" required {...form.getInputProps('email')} data-autofocus autoFocus />
                <PasswordField label={t('signIn.password')} autoComplete="current-password" required {...form.getInputProps('password')} />
                {signIn.error && <ErrorAlert error={signIn.error} title={t('signIn.title')} />}
                <Button type="submit" loading={signIn.isPending}>
                  {t('signIn.submit')}
                </Button>
                <Anchor component={Link} to="/forgot-password" size="sm">
                  {t('signIn.forgot')}
                </Anchor>
              </Stack>
            </form>
          ) : (
            <BankIdSignIn onAnswer={answered} onCancel={() => setMethod('password')} />
          )}
          <Divider />
          <Button variant="default" onClick={() => setMethod(method === 'password' ? 'bankid' : 'password')}>
            {method === 'password' ? t('signIn.withBankId') : t('signIn.withPassword')}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
