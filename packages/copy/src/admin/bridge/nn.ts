import type { SameKeys } from '../../types.ts';
import type en from './en.ts';

const nn: SameKeys<typeof en> = {
  nav: 'Verktøy',
  title: 'Verktøy',
  intro: 'Send ein test-e-post for å sjå korleis e-postane kjem fram, og tøm det tenaren held i minnet.',
  testEmail: {
    title: 'Send ein test-e-post',
    intro: 'E-posten inneheld ei lenkje til ei side i portalen, på organisasjonen si eiga adresse.',
    address: 'E-postadresse',
    target: 'Lenkje til',
    send: 'Send test-e-posten',
    sent: 'Ein test-e-post vart send til {{address}} med ei lenkje til {{link}}.',
  },
  caches: {
    title: 'Tøm eit mellomlager',
    intro: 'Tenaren held nokre data i minnet ei kort stund. Tøm det når ei endring gjord utanfor administrasjonen ikkje syner enno.',
    key: 'Mellomlager',
    keys: {
      copy: 'Tekstar',
      settings: 'Innstillingar og utgjevingar',
      members: 'Sidene til kundane (profil, bustader, fakturaer)',
      all: 'Alle',
    },
    scope: 'Tøm for',
    everyOrganisation: 'Alle organisasjonar',
    clear: 'Tøm mellomlageret',
    confirmTitle: 'Tømme {{cache}}?',
    confirmBody: 'Alle tenarar les desse dataa frå databasen att. Sider kan lastast litt seinare ei lita stund. Vert tømt for: {{scope}}.',
    cleared: '{{cache}} tømt for {{scope}}.',
  },
  premium: {
    title: 'Premiumfunksjonar',
    features: {
      smartCharging: 'Smartlading',
      smartHeating: 'Smart oppvarming',
      realtime: 'Sanntidsmålar',
      solarProduction: 'Solproduksjon',
      detailedInsights: 'Detaljert innsikt',
    },
    activated: '{{feature}} er no aktiv for kundenummer {{customerId}}.',
    deactivated: '{{feature}} er no slått av for kundenummer {{customerId}}.',
  },
};

export default nn;
