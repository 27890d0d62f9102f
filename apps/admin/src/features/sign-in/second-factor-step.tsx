import { useEffect, useState } from 'react';
import { Anchor, Button, Center, Code, Image, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { staffSecondFactor } from '@gridline/contracts/endpoints/staff';
import type { StaffSignInAnswer, StaffTokens } from '@gridline/contracts/staff';
import { client, hostOrganisation } from '../../shared/api/client.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

type Step = Exclude<StaffSignInAnswer, { status: 'done' }>;

/**
 * The second step of a staff sign-in: a TOTP code (or a recovery code), or first enrolling an
 * authenticator app from a QR code; after an enrolment, the recovery codes, shown once.
 */
export function SecondFactorStep({ step, onDone, onRestart }: { step: Step; onDone: (tokens: StaffTokens) => void; onRestart: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [recovery, setRecovery] = useState<{ codes: string[]; tokens: StaffTokens } | null>(null);
  const verify = useMutation({
    mutationFn: () => client.data(staffSecondFactor, { body: { ref: step.ref, code: code.trim() } }),
    onSuccess: (answer) => {
      if (answer.status !== 'done') return;
      if (answer.recoveryCodes?.length) setRecovery({ codes: answer.recoveryCodes, tokens: answer.tokens });
      else onDone(answer.tokens);
    },
    onError: () => setCode(''),
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    // Six digits from the app, or a recovery code (longer, with letters).
    if (!/^\d{6}$/.test(typed) && !/^[a-z0-9-]{8,20}$/i.test(typed)) return setInvalid(true);
    setInvalid(false);
    verify.mutate();
  };

  if (recovery) return <RecoveryCodes codes={recovery.codes} onDone={() => onDone(recovery.tokens)} />;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={1} size="h3">
          {step.status === 'enrol' ? t('signIn.enrolTitle') : t('signIn.secondFactorTitle')}
        </Title>
        {step.status === 'enrol' ? (
          <>
            <Text size="sm">{t('signIn.enrolHelp', { organisation: hostOrganisation })}</Text>
            <EnrolQr uri={step.otpauthUri} alt={t('signIn.enrolQrAlt')} />
            <Text size="sm">
              {t('signIn.enrolSecret')} <Code data-testid="totp-secret">{step.secret}</Code>
            </Text>
          </>
        ) : (
          <Text size="sm">{t('signIn.secondFactorHelp')}</Text>
        )}
        <TextInput
          label={t('signIn.code')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          inputMode={step.status === 'enrol' ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          autoFocus
          required
          error={invalid ? t('validation.code') : undefined}
        />
        {verify.error && <ErrorAlert error={verify.error} title={t('signIn.secondFactorTitle')} />}
        <Button type="submit" loading={verify.isPending}>
          {t('signIn.verify')}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          {t('signIn.startAgain')}
        </Anchor>
      </Stack>
    </form>
  );
}

/** The `otpauth://` address as a QR code of 300×300, drawn here: the secret never leaves the page. */
function EnrolQr({ uri, alt }: { uri: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toDataURL(uri, { width: 300, margin: 1, errorCorrectionLevel: 'M' }).then((url) => current && setSrc(url));
    return () => {
      current = false;
    };
  }, [uri]);
  return <Center h={300}>{src && <Image src={src} alt={alt} w={300} h={300} />}</Center>;
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: `recovery-codes-${hostOrganisation}.txt` });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack>
      <Title order={1} size="h3">
        {t('signIn.recoveryTitle')}
      </Title>
      <Text size="sm">{t('signIn.recoveryHelp')}</Text>
      <Paper withBorder p="md">
        <SimpleGrid cols={2} component="ul" data-testid="recovery-codes" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {codes.map((code) => (
            <li key={code}>
              <Code>{code}</Code>
            </li>
          ))}
        </SimpleGrid>
      </Paper>
      <Button variant="default" onClick={download}>
        {t('signIn.recoveryDownload')}
      </Button>
      <Button onClick={onDone}>{t('signIn.recoveryDone')}</Button>
    </Stack>
  );
}
