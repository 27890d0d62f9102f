import { Box, Card, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languages, type Language } from '@gridline/contracts/enums';
import type { DisruptionLevel, DisruptionTexts, DisruptionType } from '@gridline/contracts/disruptions';

/** The portal's banner colours per level (apps/portal/src/app/frame/notices.css). */
const bannerColours: Record<DisruptionLevel, { background: string; border: string }> = {
  mild: { background: '#eff6ff', border: '#1d4ed8' },
  moderate: { background: '#fffbeb', border: '#b45309' },
  severe: { background: '#fef2f2', border: '#b91c1c' },
};

const usable = (text: string | undefined) => (text && text.trim() !== '' ? text.trim() : undefined);

/** A text in `language`, else in the first language that has one (the portal falls back the same way, through the organisation's languages). */
export function textIn(texts: DisruptionTexts, language: Language): { text: string | undefined; from: Language | null } {
  const own = usable(texts[language]);
  if (own) return { text: own, from: language };
  const other = languages.find((l) => usable(texts[l]));
  return other ? { text: usable(texts[other]), from: other } : { text: undefined, from: null };
}

/**
 * What a customer who reads `language` sees (spec 000 §2.4): a warning's banner at the top of
 * every page, or a fatal disruption's page that replaces the portal. A look-alike of the
 * portal's own, drawn with the back office's components.
 */
export function DisruptionPreview(props: { type: DisruptionType; level: DisruptionLevel; title: DisruptionTexts; message: DisruptionTexts; language: Language; fatalFallbackTitle?: string }) {
  const { t } = useTranslation();
  const title = textIn(props.title, props.language);
  const message = textIn(props.message, props.language);
  const fellBack = [title, message].some((part) => part.from !== null && part.from !== props.language);
  const colours = bannerColours[props.level];
  return (
    <Stack gap="xs" aria-label={t('disruptions.preview.label', { language: t(`languages.${props.language}`) })} role="group">
      <Text size="sm" fw={600}>
        {props.type === 'warning' ? t('disruptions.preview.banner') : t('disruptions.preview.fatal')}
      </Text>
      {!message.text ? (
        <Text size="sm" c="dimmed">
          {t('disruptions.preview.nothing')}
        </Text>
      ) : props.type === 'warning' ? (
        <Box p="sm" style={{ background: colours.background, border: `1px solid ${colours.border}`, borderLeftWidth: 6, borderRadius: 8, color: '#1f2937' }}>
          {title.text && (
            <Text fw={700} size="sm">
              {title.text}
            </Text>
          )}
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {message.text}
          </Text>
        </Box>
      ) : (
        <Box p="md" style={{ background: '#f3f4f6', borderRadius: 8 }}>
          <Card withBorder shadow="sm" maw={420} mx="auto">
            <Stack gap="xs">
              <Text fw={700} size="lg">
                {title.text ?? props.fatalFallbackTitle ?? t('disruptions.preview.fatalTitle')}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {message.text}
              </Text>
              <Text size="sm" c="blue.8" td="underline">
                {t('disruptions.preview.contact')}
              </Text>
            </Stack>
          </Card>
        </Box>
      )}
      {fellBack && (
        <Text size="xs" c="dimmed">
          {t('disruptions.preview.fallback', { language: t(`languages.${props.language}`) })}
        </Text>
      )}
    </Stack>
  );
}
