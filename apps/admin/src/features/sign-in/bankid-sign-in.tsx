import { useEffect, useEffectEvent, useState } from 'react';
import { Alert, Button, Center, Image, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { staffBankIdStart, staffBankIdStatus } from '@gridline/contracts/endpoints/staff';
import type { StaffSignInAnswer } from '@gridline/contracts/staff';
import { client, hostOrganisation } from '../../shared/api/client.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

/** BankID by QR code (spec 002 §1, §9: 300×300): the code is fetched anew every second while the order runs. */
export function BankIdSignIn({ onAnswer, onCancel }: { onAnswer: (answer: StaffSignInAnswer) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ error?: unknown; hint?: string | null; key?: string | null } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const answered = useEffectEvent((answer: StaffSignInAnswer) => onAnswer(answer));

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (ref: string, tick: number) => {
      if (stopped) return;
      try {
        const answer = await client.data(staffBankIdStatus, { body: { organisation: hostOrganisation, ref } });
        if (stopped) return;
        if (answer.status === 'process') {
          setHint(answer.hintCode);
          setQr(answer.qrCodeUri ? `${answer.qrCodeUri}&t=${tick}` : null);
          timer = setTimeout(() => void poll(ref, tick + 1), 1000);
        } else if (answer.status === 'aborted' || answer.status === 'error' || answer.status === 'complete') {
          // USER_NOT_FOUND: BankID identified somebody, but nobody of the staff here.
          setFailure({
            hint: answer.error === 'USER_NOT_FOUND' ? 'notStaff' : (answer.hintCode ?? (answer.status === 'aborted' ? 'cancelled' : null)),
            key: answer.error,
          });
        } else if (answer.status === 'done' || answer.status === 'second-factor' || answer.status === 'enrol') {
          answered(answer as StaffSignInAnswer);
        }
      } catch (error) {
        if (!stopped) setFailure({ error });
      }
    };
    client
      .data(staffBankIdStart, { body: { organisation: hostOrganisation } })
      .then((progress) => {
        if (stopped) return;
        setQr(progress.qrCodeUri);
        void poll(progress.ref, 1);
      })
      .catch((error: unknown) => !stopped && setFailure({ error }));
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [attempt]);

  if (failure) {
    return (
      <Stack>
        {failure.error ? (
          <ErrorAlert error={failure.error} title={t('signIn.bankIdFailed')} />
        ) : (
          <Alert color="red" title={t('signIn.bankIdFailed')} role="alert">
            {(failure.hint && t(`signIn.bankIdHints.${failure.hint}`, { defaultValue: '' })) ||
              (failure.key ? t(`shared:errors.${failure.key}`, { defaultValue: '' }) : null)}
          </Alert>
        )}
        <Button
          onClick={() => {
            setFailure(null);
            setQr(null);
            setHint(null);
            setAttempt((n) => n + 1);
          }}
        >
          {t('signIn.startAgain')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack align="center">
      <Text fw={600}>{t('signIn.bankIdTitle')}</Text>
      <Center w={300} h={300}>
        {qr ? <Image src={qr} alt={t('signIn.bankIdQrAlt')} w={300} h={300} /> : <Loader aria-label={t('app.loading')} />}
      </Center>
      <Text size="sm" c="dimmed" ta="center">
        {t('signIn.bankIdHelp')}
      </Text>
      <Text size="sm" role="status" aria-live="polite">
        {hint ? t(`signIn.bankIdHints.${hint}`, { defaultValue: '' }) : ''}
      </Text>
      <Button variant="subtle" onClick={onCancel}>
        {t('signIn.bankIdCancel')}
      </Button>
    </Stack>
  );
}
