import type { SameKeys } from '../../types.ts';
import type en from './en.ts';

/** The Feature configurations area (decision 0057). */
const nn = {
  nav: 'Funksjonsinnstillingar',
  title: 'Funksjonsinnstillingar',
  intro: 'Innstillingar for integrasjonar og kundestøtte. Kvart felt viser kven som kan endre det og om kundane kan sjå det.',
  loading: 'Hentar innstillingane…',
  empty: 'Det finst ingen innstillingar å redigere.',
  categories: {
    apiIntegration: 'API-integrasjon',
    customerSupport: 'Kundestøtte',
    bridge: 'Administrasjonen',
    brightNativeIntegrations: 'Innebygde integrasjonar',
    reports: 'Rapportar',
  },
  privateCategory: 'Blir aldri vist for kundar.',
  public: 'Offentleg',
  protected: 'Verna',
  publicHint: 'Kundane kan sjå verdien.',
  protectedHint: 'Berre tilsette og plattforma ser verdien.',
  readOnly: 'Skriveverna',
  readOnlyHint: 'Rolla di ({{scope}}) kan lese feltet, men ikkje endre det.',
  readOnlyAll: 'Blir sett av plattforma. Ingen kan endre det her.',
  range: 'Frå {{min}} til {{max}}',
  enabled: 'Slått på',
  changed: 'Utkastet er ulikt det som er publisert.',
  unchanged: 'Utkastet er det same som det publiserte.',
  saveFailed: 'Utkastet vart ikkje lagra.',
  save: 'Lagre utkast',
  saved: 'Utkastet er lagra. Publiser det på sida Utgjevingar.',
  discard: 'Forkast utkastet',
  discarded: 'Utkastet er forkasta.',
  reload: 'Last inn utkastet på nytt',
  stale: 'Nokon andre endra utkastet etter at du opna det. Last det inn på nytt for å sjå endringane deira; endringane dine her går tapt.',
  fixErrors: 'Nokre felt må sjåast over. Dei er merkte nedanfor.',
  releaseIssues: 'Før publisering må desse reglane vere oppfylte:',
  toReleases: 'Gå til Utgjevingar for å publisere',
  notSupported: 'Denne typen felt kan ikkje redigerast her enno.',
  configurations: {
    customerSupport: {
      label: 'Kundestøtte',
      description: 'Korleis kundane når kundestøtta.',
    },
    generalIntegration: {
      label: 'Generell integrasjon',
      description: 'Korleis dei eigne systema til organisasjonen er integrerte.',
    },
    wasteIntegration: {
      label: 'Avfallsintegrasjon',
      description: 'Kvar tømmingane av avfall kjem frå og kor mange appen viser.',
    },
    homeside: {
      label: 'Homeside',
      description: 'Integrasjonen med varmestyringa til Homeside.',
    },
    ngenic: {
      label: 'Ngenic',
      description: 'Integrasjonen med varmestyringa til Ngenic.',
    },
  },
  fields: {
    customerSupport: {
      accessibilityEmail: {
        label: 'E-post for tilgjengestøtte',
        description: 'Dit kundane skriv om tilgjenget i appen og portalen.',
      },
    },
    generalIntegration: {
      supportedServiceTypes: {
        label: 'Tenestetypar som er støtta',
        description: 'Tenestetypane integrasjonen leverer.',
      },
      environmentsAllowingUserUpdates: {
        label: 'Miljø der brukarar kan oppdatere',
        description: 'Der kundane kan endre opplysningane sine gjennom integrasjonen.',
      },
      validateResponse: {
        label: 'Valider svar',
        description: 'Kontroller svara frå integrasjonen mot skjemaet deira.',
      },
      sendValidationResultsToLogger: {
        label: 'Send valideringsresultat til loggen',
        description: 'Skriv kvar kontroll av eit svar til loggen.',
      },
    },
    wasteIntegration: {
      environment: {
        label: 'Miljø',
        description: 'Hent frå produksjonstenesta eller frå ei testteneste.',
      },
      pathSuffix: {
        label: 'Stisuffiks',
        description: 'Blir lagt til adressa til avfallstenesta.',
      },
      testBaseUrl: {
        label: 'Testbaseadresse',
        description: 'Adressa til testtenesta.',
      },
      historicalMonths: {
        label: 'Månader bakover',
        description: 'Kor mange månader bakover tømmingar blir henta.',
      },
      upcomingEventsToFetch: {
        label: 'Komande tømmingar å hente',
        description: 'Kor mange komande tømmingar som blir henta.',
      },
      maxUpcomingToShow: {
        label: 'Komande tømmingar å vise',
        description: 'Kor mange komande tømmingar appen viser.',
      },
      maxHistoricalToShow: {
        label: 'Tidlegare tømmingar å vise',
        description: 'Kor mange tidlegare tømmingar appen viser.',
      },
    },
    homeside: {
      accountName: {
        label: 'Kontonamn',
        description: 'Kontoen til organisasjonen hos Homeside.',
      },
    },
  },
} satisfies SameKeys<typeof en>;

export default nn;
