import type { SameKeys } from '../../types.ts';
import type en from './en.ts';

const nb = {
  nav: 'Egne favoritter',
  title: 'Egne favoritter',
  intro: 'Deres egne favoritter som kunder kan legge til i appen: en nettside eller en side i appen, oppdatert så ofte dere velger.',
  add: 'Legg til en favoritt',
  saved: 'Utkastet for egne favoritter er lagret.',
  empty: 'Ingen egne favoritter ennå. Legg til en for å tilby den i appen.',
  favoriteN: 'Favoritt {{n}}',
  moveUp: 'Flytt {{name}} opp',
  moveDown: 'Flytt {{name}} ned',
  remove: 'Fjern',
  removeNamed: 'Fjern {{name}}',
  webview: 'En nettside',
  app: 'En side i appen',
  remoteIdHelp: 'Id-en systemet deres kjenner favoritten under.',
  urlHelp: 'En https-adresse.',
  testHelp: 'Kundenumre som ser favoritten før alle andre. Trykk Enter etter hvert.',
  polling: {
    once: 'Én gang',
    occasionally: 'Av og til',
    often: 'Ofte',
  },
  fields: {
    title: 'Tittel',
    remoteId: 'Ekstern id',
    navigation: 'Åpner',
    webviewUrl: 'Nettsidens adresse',
    appNavigation: 'Side i appen',
    pollingFrequency: 'Oppdateres',
    testCustomerIds: 'Testkunder',
    iconType: 'Ikonsett',
    iconName: 'Ikonnavn',
    icon: 'Ikon',
  },
} satisfies SameKeys<typeof en>;

export default nb;
