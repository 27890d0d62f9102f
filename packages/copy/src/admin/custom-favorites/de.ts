import type { SameKeys } from '../../types.ts';
import type en from './en.ts';

const de = {
  nav: 'Eigene Favoriten',
  title: 'Eigene Favoriten',
  intro: 'Ihre eigenen Favoriten, die Kunden in der App hinzufügen können: eine Webseite oder eine Seite der App, so oft aktualisiert, wie Sie wählen.',
  add: 'Favorit hinzufügen',
  saved: 'Der Entwurf der eigenen Favoriten ist gespeichert.',
  empty: 'Noch keine eigenen Favoriten. Fügen Sie einen hinzu, um ihn in der App anzubieten.',
  favoriteN: 'Favorit {{n}}',
  moveUp: '{{name}} nach oben',
  moveDown: '{{name}} nach unten',
  remove: 'Entfernen',
  removeNamed: '{{name}} entfernen',
  webview: 'Eine Webseite',
  app: 'Eine Seite der App',
  remoteIdHelp: 'Die ID, unter der Ihr System den Favoriten kennt.',
  urlHelp: 'Eine https-Adresse.',
  testHelp: 'Kundennummern, die den Favoriten vor allen anderen sehen. Nach jeder Enter drücken.',
  polling: {
    once: 'Einmal',
    occasionally: 'Gelegentlich',
    often: 'Oft',
  },
  fields: {
    title: 'Titel',
    remoteId: 'Externe ID',
    navigation: 'Öffnet',
    webviewUrl: 'Adresse der Webseite',
    appNavigation: 'Seite in der App',
    pollingFrequency: 'Aktualisierung',
    testCustomerIds: 'Testkunden',
    iconType: 'Symbolsatz',
    iconName: 'Symbolname',
    icon: 'Symbol',
  },
} satisfies SameKeys<typeof en>;

export default de;
