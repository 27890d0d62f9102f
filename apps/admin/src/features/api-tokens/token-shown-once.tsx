import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CreatedApiToken } from '@gridline/contracts/api-tokens';

/**
 * A new API token, shown this once (the server keeps only its hash): the value to copy and a
 * warning that it cannot be shown again. Closing forgets it. The modal does not close on a click
 * beside it, so that the token is not lost by accident.
 */
export function TokenShownOnce({ token, onClose }: { token: CreatedApiToken; onClose: () => void }) {
  const { t } = useTranslation();
  const labelId = `token-${token._id}`;
  return (
    <Modal opened onClose={onClose} title={t('apiTokens.shownOnceTitle')} size="lg" closeOnClickOutside={false}>
      <Stack>
        <Alert color="orange" role="status">
          <Text size="sm">{t('apiTokens.shownOnceWarning')}</Text>
        </Alert>
        <div>
          <Text id={labelId} size="sm" fw={500} mb={4}>
            {t('apiTokens.tokenLabel', { name: token.name })}
          </Text>
          <Code block aria-labelledby={labelId} data-testid="new-api-token" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {token.token}
          </Code>
        </div>
        <Group justify="space-between">
          <CopyButton value={token.token} timeout={3000}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'light' : 'filled'} color={copied ? 'teal' : undefined} onClick={copy} aria-live="polite" data-autofocus>
                {copied ? t('apiTokens.copiedToken') : t('apiTokens.copyToken')}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            {t('apiTokens.shownOnceDone')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
