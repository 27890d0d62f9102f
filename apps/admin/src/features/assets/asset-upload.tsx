import { useId, useRef, useState } from 'react';
import { Button, Group, Input, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ASSET_NAME_MAX_LENGTH, AssetKind, type Asset } from '@gridline/contracts/assets';
import { putAsset } from '@gridline/contracts/endpoints/assets';
import type { Language } from '@gridline/contracts/enums';
import { client } from '../../shared/api/client.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { formatFileSize } from '@gridline/locale/units';
import { checkFile, toBase64 } from './file-check.ts';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/x-icon,image/vnd.microsoft.icon,image/svg+xml,.png,.jpg,.jpeg,.webp,.gif,.ico,.svg';

type Checked = { state: 'none' } | { state: 'checking' } | { state: 'ok'; bytes: Uint8Array; format: string } | { state: 'refused'; key: string };

/** Upload a new asset, or replace one (it keeps its id and address). The file is checked as the server will before it is sent. */
export function AssetUpload({
  organisation,
  replacing,
  defaultKind,
  language,
  onClose,
  onSaved,
}: {
  organisation: string;
  replacing: Asset | null;
  defaultKind: AssetKind;
  language: Language;
  onClose(): void;
  onSaved(replaced: boolean): void;
}) {
  const { t } = useTranslation();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState(replacing?.name ?? '');
  const [kind, setKind] = useState<AssetKind>(replacing?.kind ?? defaultKind);
  const [checked, setChecked] = useState<Checked>({ state: 'none' });
  const [submitted, setSubmitted] = useState(false);

  // The limits depend on the kind: the file is checked again when either changes; only the latest check counts.
  const latest = useRef(0);
  const check = (chosen: File | null, forKind: AssetKind) => {
    const run = ++latest.current;
    if (!chosen) {
      setChecked({ state: 'none' });
      return;
    }
    setChecked({ state: 'checking' });
    void checkFile(chosen, forKind).then((result) => {
      if (run === latest.current) setChecked(result.ok ? { state: 'ok', bytes: result.bytes, format: result.format } : { state: 'refused', key: result.key });
    });
  };

  const save = useMutation({
    mutationFn: (bytes: Uint8Array) =>
      client.data(putAsset, {
        query: { organisation },
        body: { ...(replacing ? { id: replacing._id } : {}), name: name.trim(), kind, ...(file?.type ? { contentType: file.type } : {}), content: toBase64(bytes) },
      }),
    onSuccess: () => onSaved(replacing !== null),
  });

  const fileError =
    checked.state === 'refused' ? t(`shared:errors.${checked.key}`) : submitted && !file ? t('assets.fileRequired') : undefined;
  const nameError = submitted && name.trim() === '' ? t('assets.nameRequired') : undefined;

  return (
    <Modal opened onClose={onClose} title={replacing ? t('assets.replaceTitle', { name: replacing.name }) : t('assets.uploadTitle')} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (checked.state === 'ok' && name.trim() !== '') save.mutate(checked.bytes);
        }}
      >
        <Stack gap="sm">
          {replacing && (
            <Text size="sm" c="dimmed">
              {t('assets.replaceHint')}
            </Text>
          )}
          <Input.Wrapper label={t('assets.file')} description={t('assets.fileHint')} error={fileError} id={fileId} required>
            <input
              id={fileId}
              type="file"
              accept={ACCEPT}
              className="asset-file-input"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={`${fileId}-description${fileError ? ` ${fileId}-error` : ''}`}
              onChange={(event) => {
                const chosen = event.currentTarget.files?.[0] ?? null;
                setFile(chosen);
                check(chosen, kind);
                if (chosen && (!name || (!replacing && name === file?.name))) setName(chosen.name.slice(0, ASSET_NAME_MAX_LENGTH));
              }}
            />
          </Input.Wrapper>
          {checked.state === 'checking' && (
            <Text size="sm" c="dimmed" role="status">
              {t('assets.checking')}
            </Text>
          )}
          {checked.state === 'ok' && file && (
            <Text size="sm" role="status" data-testid="file-checked">
              {t('assets.checked', { type: checked.format, size: formatFileSize(file.size, language) })}
            </Text>
          )}
          <TextInput label={t('assets.name')} value={name} maxLength={ASSET_NAME_MAX_LENGTH} required error={nameError} onChange={(event) => setName(event.currentTarget.value)} />
          <Select
            label={t('assets.kind')}
            data={AssetKind.options.map((k) => ({ value: k, label: t(`assets.kinds.${k}`) }))}
            value={kind}
            onChange={(value) => {
              if (!value) return;
              setKind(value as AssetKind);
              check(file, value as AssetKind);
            }}
            allowDeselect={false}
          />
          {save.error ? <ErrorAlert error={save.error} title={replacing ? t('assets.replace') : t('assets.save')} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={checked.state === 'checking'}>
              {replacing ? t('assets.replace') : t('assets.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
