import type { SameKeys } from '../types.ts';
import type en from './en.ts';

const fi = {
  title: 'Viestit',
  nav: 'Viestit',
  unread_one: '{{count}} lukematon viesti',
  unread_other: '{{count}} lukematonta viestiä',
  helpTitle: 'Kirjoita meille',
  helpIntro: 'Lähetä asiakaspalvelulle viesti ja lue vastauksemme täältä.',
  helpLink: 'Siirry viesteihisi',
  intro: 'Täällä voit kirjoittaa asiakaspalvelulle. Vastaamme arkipäivisin, yleensä kahden arkipäivän kuluessa. Vastauksemme näkyvät tällä sivulla.',
  conversation: 'Keskustelusi asiakaspalvelun kanssa',
  empty: 'Et ole vielä kirjoittanut meille.',
  you: 'Sinä',
  support: 'Asiakaspalvelu',
  newAnswer: 'Uusi',
  sentAt: 'Lähetetty {{date}}',
  formTitle: 'Uusi viesti',
  label: 'Viestisi',
  hint: 'Enintään {{max}} merkkiä. Älä kirjoita salasanoja tai kokonaisia kortinnumeroita.',
  counter: '{{count}} / {{max}} merkkiä',
  send: 'Lähetä viesti',
  sending: 'Lähetetään…',
  sent: 'Viestisi on lähetetty. Vastaamme mahdollisimman pian.',
  loadError: 'Viestejäsi ei voitu hakea. Yritä uudelleen.',
  retry: 'Yritä uudelleen',
  readOnly: 'Tukiistunnossa ei voi lähettää viestejä.',
} satisfies SameKeys<typeof en>;

export default fi;
