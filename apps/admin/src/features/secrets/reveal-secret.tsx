import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getSecret } from '@gridline/contracts/endpoints/secrets';
import type { SecretMeta } from '@gridline/contracts/secrets';
import { client } from '../../shared/api/client.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

const MASK = '••••••••••••';

/**
 * Reading a secret's value back: a deliberate step (the read is an audit entry), shown masked
 * until asked. The value comes from a mutation that is not cached (`gcTime: 0`) and is reset when
 * the modal closes, so it is gone from memory with the modal; it never reaches the query cache.
 */
export function RevealSecret({ secret, onClose }: { secret: SecretMeta; onClose: () => void }) {
  const { t } = useTranslation();
  const reveal = useMutation({
    gcTime: 0,
    mutationFn: () => client.data(getSecret, { params: { organisation: secret.organisation, key: secret.key } }),
  });
  const close = () => {
    reveal.reset();
    onClose();
  };
  const value = reveal.data?.value;
  const labelId = `secret-${secret.key}`;

  return (
    <Modal opened onClose={close} title={t('secrets.revealTitle', { key: secret.key })} size="lg">
      <Stack>
        <Alert color="blue" role="note">
          <Text size="sm">{t('secrets.revealNote')}</Text>
        </Alert>
        <div>
          <Text id={labelId} size="sm" fw={500} mb={4}>
            {t('secrets.valueLabel', { key: secret.key })}
          </Text>
          <Code block aria-labelledby={labelId} data-testid="secret-value" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {value ?? <span aria-label={t('secrets.hidden')}>{MASK}</span>}
          </Code>
        </div>
        {reveal.error && <ErrorAlert error={reveal.error} title={t('secrets.reveal')} />}
        <Group justify="space-between">
          {value === undefined ? (
            <Button onClick={() => reveal.mutate()} loading={reveal.isPending} data-autofocus>
              {t('secrets.revealButton')}
            </Button>
          ) : (
            <CopyButton value={value} timeout={3000}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'light' : 'filled'} color={copied ? 'teal' : undefined} onClick={copy} aria-live="polite">
                  {copied ? t('secrets.copiedValue') : t('secrets.copyValue')}
                </Button>
              )}
            </CopyButton>
          )}
          <Button variant="default" onClick={close}>
            {t('app.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
