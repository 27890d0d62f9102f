import { Paper } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SegmentRuleSet } from '@gridline/contracts/segments';
import { useShell } from '../../shared/api/shell-context.ts';
import { SegmentRuleSetEditor } from '../../shared/segments/segment-rule-set-editor.tsx';
import { Page } from '../../shared/ui/page.tsx';

/**
 * Audiences (issue 18, decision 0052): a marketer builds a rule set of segment rules and sees at
 * once how many of the organisation's locations it reaches, with a few example customers. The
 * rule set is a draft on this page; home modules and tips will carry their own.
 */
export function AudiencesPage() {
  const { t } = useTranslation();
  const { organisation } = useShell();
  const [ruleSet, setRuleSet] = useState<SegmentRuleSet>({ match: 'AND', rules: [] });
  return (
    <Page title={t('segments.title')} intro={t('segments.intro')}>
      <Paper withBorder p="md" component="section" aria-label={t('segments.editor.legend')}>
        <SegmentRuleSetEditor value={ruleSet} onChange={setRuleSet} organisation={organisation.slug} />
      </Paper>
    </Page>
  );
}
