import type { SameKeys } from '../../types.ts';
import type en from './en.ts';

const nn = {
  nav: 'Eigne favorittar',
  title: 'Eigne favorittar',
  intro: 'Dykkar eigne favorittar som kundar kan leggje til i appen: ei nettside eller ei side i appen, oppdatert så ofte de vel.',
  add: 'Legg til ein favoritt',
  saved: 'Utkastet for eigne favorittar er lagra.',
  empty: 'Ingen eigne favorittar enno. Legg til ein for å tilby han i appen.',
  favoriteN: 'Favoritt {{n}}',
  moveUp: 'Flytt {{name}} opp',
  moveDown: 'Flytt {{name}} ned',
  remove: 'Fjern',
  removeNamed: 'Fjern {{name}}',
  webview: 'Ei nettside',
  app: 'Ei side i appen',
  remoteIdHelp: 'Id-en systemet dykkar kjenner favoritten under.',
  urlHelp: 'Ei https-adresse.',
  testHelp: 'Kundenummer som ser favoritten før alle andre. Trykk Enter etter kvart.',
  polling: {
    once: 'Éin gong',
    occasionally: 'Av og til',
    often: 'Ofte',
  },
  fields: {
    title: 'Tittel',
    remoteId: 'Ekstern id',
    navigation: 'Opnar',
    webviewUrl: 'Adressa til nettsida',
    appNavigation: 'Side i appen',
    pollingFrequency: 'Blir oppdatert',
    testCustomerIds: 'Testkundar',
    iconType: 'Ikonsett',
    iconName: 'Ikonnamn',
    icon: 'Ikon',
  },
} satisfies SameKeys<typeof en>;

export default nn;
