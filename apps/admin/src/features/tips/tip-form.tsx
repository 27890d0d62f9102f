import { Alert, Button, Card, Checkbox, Group, Modal, MultiSelect, NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createTip, updateTip } from '@gridline/contracts/endpoints/tips';
import { languages, type Language } from '@gridline/contracts/enums';
import { heatingOptions, type Heating } from '@gridline/contracts/home';
import { TIP_BODY_MAX, TIP_SORT_ORDER_MAX, TIP_TITLE_MAX, TipRequest, tipServiceSegments, type Tip, type TipServiceSegment } from '@gridline/contracts/tips';
import { client } from '../../shared/api/client.ts';
import { zodFieldErrors } from '../../shared/forms/zod-errors.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

type Choice = 'either' | 'yes' | 'no';
type Texts = Record<Language, { title: string; body: string }>;

interface Values {
  texts: Texts;
  heatingTypes: Heating[];
  floorHeating: Choice;
  waterHeater: Choice;
  services: TipServiceSegment[];
  accountOwner: Choice;
  enabled: boolean;
  sortOrder: number | string;
}

const choiceOf = (value: boolean | undefined): Choice => (value === undefined ? 'either' : value ? 'yes' : 'no');
const flagOf = (choice: Choice): boolean | undefined => (choice === 'either' ? undefined : choice === 'yes');

function initialValues(tip: Tip | null): Values {
  const texts = Object.fromEntries(languages.map((l) => [l, { title: tip?.texts[l]?.title ?? '', body: tip?.texts[l]?.body ?? '' }])) as Texts;
  return {
    texts,
    heatingTypes: tip?.segments.heatingTypes ?? [],
    floorHeating: choiceOf(tip?.segments.hasFloorHeating),
    waterHeater: choiceOf(tip?.segments.hasWaterHeater),
    services: tip?.segments.services ?? [],
    accountOwner: choiceOf(tip?.segments.accountOwner),
    enabled: tip?.enabled ?? true,
    sortOrder: tip?.sortOrder ?? 0,
  };
}

/** The body the contract takes. */
function bodyOf(values: Values): TipRequest {
  const flags = { hasFloorHeating: flagOf(values.floorHeating), hasWaterHeater: flagOf(values.waterHeater), accountOwner: flagOf(values.accountOwner) };
  return {
    texts: values.texts,
    segments: {
      ...(values.heatingTypes.length > 0 ? { heatingTypes: values.heatingTypes } : {}),
      ...(values.services.length > 0 ? { services: values.services } : {}),
      ...Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined)),
    },
    enabled: values.enabled,
    sortOrder: typeof values.sortOrder === 'number' ? values.sortOrder : Number.parseInt(values.sortOrder, 10) || 0,
  };
}

/** A yes / no / either choice with its visible label. */
function ChoiceControl(props: { id: string; label: string; value: Choice; onChange: (value: Choice) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={props.id}>
        {props.label}
      </Text>
      <SegmentedControl
        aria-labelledby={props.id}
        value={props.value}
        onChange={(value) => props.onChange(value as Choice)}
        data={(['either', 'yes', 'no'] as const).map((value) => ({ value, label: t(`tips.form.${value}`) }))}
      />
    </Stack>
  );
}

/**
 * Create or change a tip (issue 18, decision 0053): the six languages side by side with their
 * counters, the segments of spec 001 §3, on or off and the order. Checked with the contract's own
 * schema, so the form and the server say the same.
 */
export function TipForm(props: { tip: Tip | null; organisation: string; onClose: () => void; onSaved: (saved: Tip) => void }) {
  const { t } = useTranslation();
  const { tip } = props;
  const form = useForm<Values>({
    initialValues: initialValues(tip),
    validate: (values) => zodFieldErrors(TipRequest, bodyOf(values), t),
  });
  const save = useMutation({
    mutationFn: (values: Values) =>
      tip
        ? client.data(updateTip, { params: { id: tip._id }, query: { organisation: props.organisation }, body: bodyOf(values) })
        : client.data(createTip, { query: { organisation: props.organisation }, body: bodyOf(values) }),
    onSuccess: (saved) => {
      notifications.show({ color: 'green', message: t(tip ? 'tips.saved' : 'tips.created') });
      props.onSaved(saved);
    },
  });
  const { values } = form;
  const titleOf = (v: Tip | null) => (v ? (Object.values(v.texts).find((x) => x?.title)?.title ?? t('tips.untitled')) : '');

  return (
    <Modal opened onClose={props.onClose} title={tip ? t('tips.editTitle', { title: titleOf(tip) }) : t('tips.createTitle')} size="90rem">
      <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
        <Stack>
          <Stack gap={4}>
            <Text fw={600} component="h2" size="md">
              {t('tips.form.texts')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('tips.form.textsHelp')}
            </Text>
            {form.errors.texts && (
              <Alert color="red" role="alert" p="xs">
                {form.errors.texts}
              </Alert>
            )}
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {languages.map((l) => {
              const language = t(`languages.${l}`);
              return (
                <Card key={l} withBorder padding="sm" component="fieldset" aria-label={language} data-testid={`tip-language-${l}`}>
                  <Stack gap="xs">
                    <Text size="sm" fw={600} component="legend">
                      {language}
                    </Text>
                    <TextInput
                      label={t('tips.form.tipTitle', { language })}
                      description={t('tips.form.count', { used: values.texts[l].title.length, max: TIP_TITLE_MAX })}
                      autoComplete="off"
                      lang={l}
                      {...form.getInputProps(`texts.${l}.title`)}
                    />
                    <Textarea
                      label={t('tips.form.body', { language })}
                      description={t('tips.form.count', { used: values.texts[l].body.length, max: TIP_BODY_MAX })}
                      autosize
                      minRows={3}
                      lang={l}
                      {...form.getInputProps(`texts.${l}.body`)}
                    />
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>

          <Stack gap={4}>
            <Text fw={600} component="h2" size="md">
              {t('tips.form.segments')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('tips.form.segmentsHelp')}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Stack>
              <MultiSelect
                label={t('tips.form.heatingTypes')}
                description={t('tips.form.heatingTypesHelp')}
                placeholder={values.heatingTypes.length === 0 ? t('tips.form.heatingPlaceholder') : undefined}
                data={heatingOptions.map((h) => ({ value: h, label: t(`tips.heating.${h}`) }))}
                clearable
                searchable
                {...form.getInputProps('heatingTypes')}
              />
              <ChoiceControl id="tip-floor-heating" label={t('tips.form.floorHeating')} value={values.floorHeating} onChange={(v) => form.setFieldValue('floorHeating', v)} />
              <ChoiceControl id="tip-water-heater" label={t('tips.form.waterHeater')} value={values.waterHeater} onChange={(v) => form.setFieldValue('waterHeater', v)} />
              <ChoiceControl id="tip-account-owner" label={t('tips.form.accountOwner')} value={values.accountOwner} onChange={(v) => form.setFieldValue('accountOwner', v)} />
            </Stack>
            <Checkbox.Group label={t('tips.form.services')} description={t('tips.form.servicesHelp')} {...form.getInputProps('services')}>
              <SimpleGrid cols={2} mt="xs" spacing="xs">
                {tipServiceSegments.map((s) => (
                  <Checkbox key={s} value={s} label={t(`tips.services.${s}`)} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          </SimpleGrid>
          <Group align="flex-end">
            <Switch label={t('tips.form.enabled')} description={t('tips.form.enabledHelp')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
            <NumberInput label={t('tips.form.sortOrder')} description={t('tips.form.sortOrderHelp')} min={0} max={TIP_SORT_ORDER_MAX} allowDecimal={false} allowNegative={false} w={200} {...form.getInputProps('sortOrder')} />
          </Group>
          {save.error && <ErrorAlert error={save.error} title={tip ? t('app.save') : t('app.create')} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {tip ? t('app.save') : t('app.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
