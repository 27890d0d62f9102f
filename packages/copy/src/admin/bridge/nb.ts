import type { SameKeys } from '../../types.ts';
import type en from './en.ts';

const nb: SameKeys<typeof en> = {
  nav: 'Verktøy',
  title: 'Verktøy',
  intro: 'Send en test-e-post for å se hvordan e-postene kommer fram, og tøm det serveren holder i minnet.',
  testEmail: {
    title: 'Send en test-e-post',
    intro: 'E-posten inneholder en lenke til en side i portalen, på organisasjonens egen adresse.',
    address: 'E-postadresse',
    target: 'Lenke til',
    send: 'Send test-e-posten',
    sent: 'En test-e-post ble sendt til {{address}} med en lenke til {{link}}.',
  },
  caches: {
    title: 'Tøm en hurtigbuffer',
    intro: 'Serveren holder noen data i minnet en kort stund. Tøm den når en endring gjort utenfor administrasjonen ikke vises ennå.',
    key: 'Hurtigbuffer',
    keys: {
      copy: 'Tekster',
      settings: 'Innstillinger og utgivelser',
      members: 'Kundenes sider (profil, boliger, fakturaer)',
      all: 'Alle',
    },
    scope: 'Tøm for',
    everyOrganisation: 'Alle organisasjoner',
    clear: 'Tøm hurtigbufferen',
    confirmTitle: 'Tømme {{cache}}?',
    confirmBody: 'Alle servere leser disse dataene fra databasen igjen. Sider kan lastes litt tregere en liten stund. Tømmes for: {{scope}}.',
    cleared: '{{cache}} tømt for {{scope}}.',
  },
  premium: {
    title: 'Premiumfunksjoner',
    features: {
      smartCharging: 'Smartlading',
      smartHeating: 'Smart oppvarming',
      realtime: 'Sanntidsmåler',
      solarProduction: 'Solproduksjon',
      detailedInsights: 'Detaljert innsikt',
    },
    activated: '{{feature}} er nå aktiv for kundenummer {{customerId}}.',
    deactivated: '{{feature}} er nå slått av for kundenummer {{customerId}}.',
  },
};

export default nb;
