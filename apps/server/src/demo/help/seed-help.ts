import type { Language } from '@gridline/contracts/enums';
import { timestampOn } from '../dates.ts';
import type { OrganisationBuilder } from '../organisation-builder.ts';
import { stableId } from '../releases.ts';
import { demoDisruptionTexts } from './disruption-texts.ts';
import { contactTexts, faqTexts, faqTopics } from './faq-texts.ts';

/** The organisation's languages, its default first. */
const languagesOf = (org: OrganisationBuilder): Language[] => [...new Set([org.profile.defaultLanguage, ...org.profile.languages])];

const fill = (org: OrganisationBuilder, text: string) => text.replaceAll('{org}', org.profile.name).replaceAll('{gridOperator}', org.profile.gridOperator);

function addText(org: OrganisationBuilder, group: 'my-pages' | 'organisation', language: Language, key: string, value: string): void {
  org.rows.copy_texts.push({
    id: stableId('gridline-demo', org.profile.slug, 'copy', group, language, key),
    organisation_id: org.organisationId,
    copy_group: group,
    language,
    key,
    value,
    updated_by: 'demo',
  });
}

/**
 * The help page of a demo organisation (spec 000 §2.12), as its own copy texts in each of its
 * languages: the FAQ (`my-pages:faq.items.<topic>.<n>.question|answer`), the contact block's
 * opening hours and extra line (`organisation:contact.*`), and the address of the accessibility
 * statement (`organisation:urls.accessibilityStatement`, the demo's stand-in); where the
 * organisation shows the disruption info box, the outage map it links to
 * (`organisation:urls.disruptionInfo`). Ids are derived, so no random stream moves.
 */
export function addHelpTexts(org: OrganisationBuilder): void {
  for (const language of languagesOf(org)) {
    for (const topic of faqTopics) {
      faqTexts[language][topic].forEach(([question, answer], index) => {
        addText(org, 'my-pages', language, `faq.items.${topic}.${index + 1}.question`, fill(org, question));
        addText(org, 'my-pages', language, `faq.items.${topic}.${index + 1}.answer`, fill(org, answer));
      });
    }
    addText(org, 'organisation', language, 'contact.openingHours', contactTexts[language].openingHours);
    addText(org, 'organisation', language, 'contact.extraInfo', fill(org, contactTexts[language].extraInfo));
    addText(org, 'organisation', language, 'urls.accessibilityStatement', '/demo/accessibility-statement');
    if (org.profile.flags.DISRUPTION_INFO_BOX === true) addText(org, 'organisation', language, 'urls.disruptionInfo', '/demo/outage-map');
  }
}

/**
 * One warning and one fatal disruption per demo organisation, switched off and without a
 * schedule, in the organisation's languages, for both channels. A tester switches one on with
 * `npm run disruption -- --organisation <slug> --kind warning|fatal --on` (see the README).
 */
export function addDemoDisruptions(org: OrganisationBuilder): void {
  const languages = languagesOf(org);
  const created = timestampOn(org.organisationDay, 10);
  for (const type of ['warning', 'fatal'] as const) {
    const texts = demoDisruptionTexts[type];
    org.rows.disruptions.push({
      id: stableId('gridline-demo', org.profile.slug, 'disruption', type),
      organisation_id: org.organisationId,
      name: type === 'warning' ? 'Demo: planned maintenance' : 'Demo: portal closed',
      type,
      targets: type === 'warning' ? ['mypages', 'app'] : ['mypages'],
      title: JSON.stringify(Object.fromEntries(languages.map((language) => [language, texts[language].title]))),
      message: JSON.stringify(Object.fromEntries(languages.map((language) => [language, texts[language].message]))),
      enabled: false,
      start_date: null,
      end_date: null,
      level: type === 'warning' ? 'moderate' : 'severe',
      updated_by: 'demo@gridline.example',
      created_at: created,
      updated_at: created,
    });
  }
}
