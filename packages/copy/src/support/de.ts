import type { SameKeys } from '../types.ts';
import type en from './en.ts';

const de = {
  title: 'Nachrichten',
  nav: 'Nachrichten',
  unread_one: '{{count}} ungelesene Nachricht',
  unread_other: '{{count}} ungelesene Nachrichten',
  helpTitle: 'Schreiben Sie uns',
  helpIntro: 'Senden Sie dem Kundenservice eine Nachricht und lesen Sie hier unsere Antworten.',
  helpLink: 'Zu Ihren Nachrichten',
  intro: 'Hier schreiben Sie dem Kundenservice. Wir antworten werktags, meist innerhalb von zwei Arbeitstagen. Unsere Antworten erscheinen auf dieser Seite.',
  conversation: 'Ihre Unterhaltung mit dem Kundenservice',
  empty: 'Sie haben uns noch nicht geschrieben.',
  you: 'Sie',
  support: 'Kundenservice',
  newAnswer: 'Neu',
  sentAt: 'Gesendet {{date}}',
  formTitle: 'Neue Nachricht',
  label: 'Ihre Nachricht',
  hint: 'Höchstens {{max}} Zeichen. Bitte schreiben Sie keine Passwörter oder vollständigen Kartennummern.',
  counter: '{{count}} von {{max}} Zeichen',
  send: 'Nachricht senden',
  sending: 'Wird gesendet…',
  sent: 'Ihre Nachricht wurde gesendet. Wir antworten so bald wie möglich.',
  loadError: 'Ihre Nachrichten konnten nicht geladen werden. Bitte versuchen Sie es erneut.',
  retry: 'Erneut versuchen',
  readOnly: 'In einer Support-Sitzung können keine Nachrichten gesendet werden.',
} satisfies SameKeys<typeof en>;

export default de;
