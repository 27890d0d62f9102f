import type { SameKeys } from '../../types.ts';
import type en from './en.ts';

/** The Feature configurations area (decision 0057). */
const nb = {
  nav: 'Funksjonsinnstillinger',
  title: 'Funksjonsinnstillinger',
  intro: 'Innstillinger for integrasjoner og kundestøtte. Hvert felt viser hvem som kan endre det og om kundene kan se det.',
  loading: 'Henter innstillingene…',
  empty: 'Det finnes ingen innstillinger å redigere.',
  categories: {
    apiIntegration: 'API-integrasjon',
    customerSupport: 'Kundestøtte',
    bridge: 'Administrasjonen',
    brightNativeIntegrations: 'Innebygde integrasjoner',
    reports: 'Rapporter',
  },
  privateCategory: 'Vises aldri for kunder.',
  public: 'Offentlig',
  protected: 'Beskyttet',
  publicHint: 'Kundene kan se verdien.',
  protectedHint: 'Bare ansatte og plattformen ser verdien.',
  readOnly: 'Skrivebeskyttet',
  readOnlyHint: 'Rollen din ({{scope}}) kan lese feltet, men ikke endre det.',
  readOnlyAll: 'Settes av plattformen. Ingen kan endre det her.',
  range: 'Fra {{min}} til {{max}}',
  enabled: 'Slått på',
  changed: 'Utkastet er forskjellig fra det som er publisert.',
  unchanged: 'Utkastet er det samme som det publiserte.',
  saveFailed: 'Utkastet ble ikke lagret.',
  save: 'Lagre utkast',
  saved: 'Utkastet er lagret. Publiser det på siden Utgivelser.',
  discard: 'Forkast utkastet',
  discarded: 'Utkastet er forkastet.',
  reload: 'Last inn utkastet på nytt',
  stale: 'Noen andre endret utkastet etter at du åpnet det. Last det inn på nytt for å se endringene deres; endringene dine her går tapt.',
  fixErrors: 'Noen felt må sees over. De er merket nedenfor.',
  releaseIssues: 'Før publisering må disse reglene være oppfylt:',
  toReleases: 'Gå til Utgivelser for å publisere',
  notSupported: 'Denne typen felt kan ikke redigeres her ennå.',
  configurations: {
    customerSupport: {
      label: 'Kundestøtte',
      description: 'Hvordan kundene når kundestøtten.',
    },
    generalIntegration: {
      label: 'Generell integrasjon',
      description: 'Hvordan organisasjonens egne systemer er integrert.',
    },
    wasteIntegration: {
      label: 'Avfallsintegrasjon',
      description: 'Hvor tømmingene av avfall kommer fra og hvor mange appen viser.',
    },
    homeside: {
      label: 'Homeside',
      description: 'Integrasjonen med Homesides varmestyring.',
    },
    ngenic: {
      label: 'Ngenic',
      description: 'Integrasjonen med Ngenics varmestyring.',
    },
  },
  fields: {
    customerSupport: {
      accessibilityEmail: {
        label: 'E-post for tilgjengelighetsstøtte',
        description: 'Dit kundene skriver om tilgjengeligheten i appen og portalen.',
      },
    },
    generalIntegration: {
      supportedServiceTypes: {
        label: 'Tjenestetyper som støttes',
        description: 'Tjenestetypene integrasjonen leverer.',
      },
      environmentsAllowingUserUpdates: {
        label: 'Miljøer der brukere kan oppdatere',
        description: 'Der kundene kan endre opplysningene sine gjennom integrasjonen.',
      },
      validateResponse: {
        label: 'Valider svar',
        description: 'Kontroller integrasjonens svar mot skjemaet deres.',
      },
      sendValidationResultsToLogger: {
        label: 'Send valideringsresultater til loggen',
        description: 'Skriv hver kontroll av et svar til loggen.',
      },
    },
    wasteIntegration: {
      environment: {
        label: 'Miljø',
        description: 'Hent fra produksjonstjenesten eller fra en testtjeneste.',
      },
      pathSuffix: {
        label: 'Stisuffiks',
        description: 'Legges til adressen til avfallstjenesten.',
      },
      testBaseUrl: {
        label: 'Testbaseadresse',
        description: 'Adressen til testtjenesten.',
      },
      historicalMonths: {
        label: 'Måneder bakover',
        description: 'Hvor mange måneder bakover tømminger hentes.',
      },
      upcomingEventsToFetch: {
        label: 'Kommende tømminger å hente',
        description: 'Hvor mange kommende tømminger som hentes.',
      },
      maxUpcomingToShow: {
        label: 'Kommende tømminger å vise',
        description: 'Hvor mange kommende tømminger appen viser.',
      },
      maxHistoricalToShow: {
        label: 'Tidligere tømminger å vise',
        description: 'Hvor mange tidligere tømminger appen viser.',
      },
    },
    homeside: {
      accountName: {
        label: 'Kontonavn',
        description: 'Organisasjonens konto hos Homeside.',
      },
    },
  },
} satisfies SameKeys<typeof en>;

export default nb;
