import type { SameKeys } from '../../types.ts';
import type en from './en.ts';

const sv = {
  nav: 'Egna favoriter',
  title: 'Egna favoriter',
  intro: 'Era egna favoriter som kunder kan lägga till i appen: en webbsida eller en sida i appen, uppdaterad så ofta ni väljer.',
  add: 'Lägg till en favorit',
  saved: 'Utkastet för egna favoriter är sparat.',
  empty: 'Inga egna favoriter än. Lägg till en för att erbjuda den i appen.',
  favoriteN: 'Favorit {{n}}',
  moveUp: 'Flytta upp {{name}}',
  moveDown: 'Flytta ned {{name}}',
  remove: 'Ta bort',
  removeNamed: 'Ta bort {{name}}',
  webview: 'En webbsida',
  app: 'En sida i appen',
  remoteIdHelp: 'Id:t som ert system känner favoriten under.',
  urlHelp: 'En https-adress.',
  testHelp: 'Kundnummer som ser favoriten före alla andra. Tryck Enter efter varje.',
  polling: {
    once: 'En gång',
    occasionally: 'Ibland',
    often: 'Ofta',
  },
  fields: {
    title: 'Rubrik',
    remoteId: 'Externt id',
    navigation: 'Öppnar',
    webviewUrl: 'Webbsidans adress',
    appNavigation: 'Sida i appen',
    pollingFrequency: 'Uppdateras',
    testCustomerIds: 'Testkunder',
    iconType: 'Ikonuppsättning',
    iconName: 'Ikonens namn',
    icon: 'Ikon',
  },
} satisfies SameKeys<typeof en>;

export default sv;
