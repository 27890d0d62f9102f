import type { SameKeys } from '../../types.ts';
import type en from './en.ts';

const de: SameKeys<typeof en> = {
  nav: 'Werkzeuge',
  title: 'Werkzeuge',
  intro: 'Senden Sie eine Test-E-Mail, um zu sehen, wie E-Mails ankommen, und leeren Sie, was der Server im Speicher hält.',
  testEmail: {
    title: 'Test-E-Mail senden',
    intro: 'Die E-Mail enthält einen Link auf eine Seite des Portals unter der eigenen Adresse Ihrer Organisation.',
    address: 'E-Mail-Adresse',
    target: 'Link auf',
    send: 'Test-E-Mail senden',
    sent: 'Eine Test-E-Mail wurde an {{address}} gesendet, mit einem Link auf {{link}}.',
  },
  caches: {
    title: 'Cache leeren',
    intro: 'Der Server hält manche Daten kurz im Speicher. Leeren Sie ihn, wenn eine Änderung außerhalb der Verwaltung noch nicht sichtbar ist.',
    key: 'Cache',
    keys: {
      copy: 'Texte',
      settings: 'Einstellungen und Releases',
      members: 'Seiten der Kunden (Profil, Objekte, Rechnungen)',
      all: 'Alle',
    },
    scope: 'Leeren für',
    everyOrganisation: 'Alle Organisationen',
    clear: 'Cache leeren',
    confirmTitle: '{{cache}} leeren?',
    confirmBody: 'Alle Server lesen diese Daten erneut aus der Datenbank. Seiten können kurz etwas langsamer laden. Geleert wird für: {{scope}}.',
    cleared: '{{cache}} geleert für {{scope}}.',
  },
  premium: {
    title: 'Premium-Funktionen',
    features: {
      smartCharging: 'Intelligentes Laden',
      smartHeating: 'Intelligentes Heizen',
      realtime: 'Echtzeitzähler',
      solarProduction: 'Solarproduktion',
      detailedInsights: 'Detaillierte Einblicke',
    },
    activated: '{{feature}} ist jetzt für Kundennummer {{customerId}} aktiv.',
    deactivated: '{{feature}} ist jetzt für Kundennummer {{customerId}} ausgeschaltet.',
  },
};

export default de;
