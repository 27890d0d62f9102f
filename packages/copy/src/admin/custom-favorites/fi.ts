import type { SameKeys } from '../../types.ts';
import type en from './en.ts';

const fi = {
  nav: 'Omat suosikit',
  title: 'Omat suosikit',
  intro: 'Omat suosikkinne, jotka asiakkaat voivat lisätä sovellukseen: verkkosivu tai sovelluksen sivu, päivitettynä niin usein kuin valitsette.',
  add: 'Lisää suosikki',
  saved: 'Omien suosikkien luonnos on tallennettu.',
  empty: 'Ei vielä omia suosikkeja. Lisää yksi tarjotaksesi sitä sovelluksessa.',
  favoriteN: 'Suosikki {{n}}',
  moveUp: 'Siirrä {{name}} ylös',
  moveDown: 'Siirrä {{name}} alas',
  remove: 'Poista',
  removeNamed: 'Poista {{name}}',
  webview: 'Verkkosivu',
  app: 'Sovelluksen sivu',
  remoteIdHelp: 'Tunniste, jolla järjestelmänne tuntee suosikin.',
  urlHelp: 'https-osoite.',
  testHelp: 'Asiakasnumerot, jotka näkevät suosikin ennen muita. Paina Enter jokaisen jälkeen.',
  polling: {
    once: 'Kerran',
    occasionally: 'Toisinaan',
    often: 'Usein',
  },
  fields: {
    title: 'Otsikko',
    remoteId: 'Ulkoinen tunniste',
    navigation: 'Avaa',
    webviewUrl: 'Verkkosivun osoite',
    appNavigation: 'Sovelluksen sivu',
    pollingFrequency: 'Päivitetään',
    testCustomerIds: 'Testiasiakkaat',
    iconType: 'Kuvakesarja',
    iconName: 'Kuvakkeen nimi',
    icon: 'Kuvake',
  },
} satisfies SameKeys<typeof en>;

export default fi;
