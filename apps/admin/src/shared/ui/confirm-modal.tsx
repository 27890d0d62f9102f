import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Confirmation for what cannot be undone. With `word`, the button unlocks only when it is typed
 * (for deletions that end access); focus starts on Cancel so Enter never confirms by accident.
 */
export function ConfirmModal(props: {
  opened: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  word?: string;
  busy?: boolean;
  error?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const locked = props.word !== undefined && typed.trim() !== props.word;
  const close = () => {
    setTyped('');
    props.onClose();
  };
  return (
    // Closed by the caller after the action too: the typed word is forgotten either way.
    <Modal opened={props.opened} onClose={close} onExitTransitionEnd={() => setTyped('')} title={props.title} centered>
      <Stack>
        <Text size="sm">{props.body}</Text>
        {props.word !== undefined && (
          <TextInput label={t('confirm.typeToConfirm', { word: props.word })} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" />
        )}
        {props.error}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-autofocus>
            {t('app.cancel')}
          </Button>
          <Button color="red" disabled={locked} loading={props.busy} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
