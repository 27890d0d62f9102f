import type { SameKeys } from '../../types.ts';
import type en from './en.ts';

const sv: SameKeys<typeof en> = {
  nav: 'Verktyg',
  title: 'Verktyg',
  intro: 'Skicka ett testmejl för att se hur mejlen kommer fram, och töm det som servern håller i minnet.',
  testEmail: {
    title: 'Skicka ett testmejl',
    intro: 'Mejlet innehåller en länk till en sida i portalen, på din organisations egen adress.',
    address: 'E-postadress',
    target: 'Länk till',
    send: 'Skicka testmejlet',
    sent: 'Ett testmejl skickades till {{address}} med en länk till {{link}}.',
  },
  caches: {
    title: 'Töm en cache',
    intro: 'Servern håller en del data i minnet en kort stund. Töm den när en ändring som gjorts utanför administrationen inte syns ännu.',
    key: 'Cache',
    keys: {
      copy: 'Texter',
      settings: 'Inställningar och releaser',
      members: 'Kundernas sidor (profil, bostäder, fakturor)',
      all: 'Alla',
    },
    scope: 'Töm för',
    everyOrganisation: 'Alla organisationer',
    clear: 'Töm cachen',
    confirmTitle: 'Töm {{cache}}?',
    confirmBody: 'Alla servrar läser dessa data från databasen igen. Sidor kan laddas lite långsammare en stund. Töms för: {{scope}}.',
    cleared: '{{cache}} tömd för {{scope}}.',
  },
  premium: {
    title: 'Premiumfunktioner',
    features: {
      smartCharging: 'Smart laddning',
      smartHeating: 'Smart värme',
      realtime: 'Realtidsmätare',
      solarProduction: 'Solproduktion',
      detailedInsights: 'Detaljerade insikter',
    },
    activated: '{{feature}} är nu aktiv för kundnummer {{customerId}}.',
    deactivated: '{{feature}} är nu avstängd för kundnummer {{customerId}}.',
  },
};

export default sv;
