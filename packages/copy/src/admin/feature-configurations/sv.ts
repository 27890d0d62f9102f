import type { SameKeys } from '../../types.ts';
import type en from './en.ts';

/** The Feature configurations area (decision 0057). */
const sv = {
  nav: 'Funktionsinställningar',
  title: 'Funktionsinställningar',
  intro: 'Inställningar för integrationer och kundsupport. Varje fält visar vem som får ändra det och om kunderna kan se det.',
  loading: 'Hämtar inställningarna…',
  empty: 'Det finns inga inställningar att redigera.',
  categories: {
    apiIntegration: 'API-integration',
    customerSupport: 'Kundsupport',
    bridge: 'Administrationen',
    brightNativeIntegrations: 'Inbyggda integrationer',
    reports: 'Rapporter',
  },
  privateCategory: 'Visas aldrig för kunder.',
  public: 'Publik',
  protected: 'Skyddad',
  publicHint: 'Kunderna kan se värdet.',
  protectedHint: 'Bara personal och plattformen ser värdet.',
  readOnly: 'Skrivskyddad',
  readOnlyHint: 'Din roll ({{scope}}) får läsa fältet men inte ändra det.',
  readOnlyAll: 'Sätts av plattformen. Ingen kan ändra det här.',
  range: 'Från {{min}} till {{max}}',
  enabled: 'Påslagen',
  changed: 'Utkastet skiljer sig från det som är publicerat.',
  unchanged: 'Utkastet är detsamma som det publicerade.',
  saveFailed: 'Utkastet sparades inte.',
  save: 'Spara utkast',
  saved: 'Utkastet är sparat. Publicera det på sidan Releaser.',
  discard: 'Kasta utkastet',
  discarded: 'Utkastet är borttaget.',
  reload: 'Läs in utkastet igen',
  stale: 'Någon annan ändrade utkastet efter att du öppnade det. Läs in det igen för att se deras ändringar; dina ändringar här försvinner.',
  fixErrors: 'Några fält behöver ses över. De är markerade nedan.',
  releaseIssues: 'Innan publicering måste de här reglerna uppfyllas:',
  toReleases: 'Gå till Releaser för att publicera',
  notSupported: 'Den här sortens fält kan inte redigeras här ännu.',
  configurations: {
    customerSupport: {
      label: 'Kundsupport',
      description: 'Hur kunderna når supporten.',
    },
    generalIntegration: {
      label: 'Allmän integration',
      description: 'Hur organisationens egna system är integrerade.',
    },
    wasteIntegration: {
      label: 'Avfallsintegration',
      description: 'Var hämtningarna av avfall kommer ifrån och hur många appen visar.',
    },
    homeside: {
      label: 'Homeside',
      description: 'Integrationen med Homesides värmestyrning.',
    },
    ngenic: {
      label: 'Ngenic',
      description: 'Integrationen med Ngenics värmestyrning.',
    },
  },
  fields: {
    customerSupport: {
      accessibilityEmail: {
        label: 'E-post för tillgänglighetssupport',
        description: 'Dit kunderna skriver om tillgängligheten i appen och portalen.',
      },
    },
    generalIntegration: {
      supportedServiceTypes: {
        label: 'Tjänstetyper som stöds',
        description: 'De tjänstetyper som integrationen levererar.',
      },
      environmentsAllowingUserUpdates: {
        label: 'Miljöer där användare får uppdatera',
        description: 'Där kunderna får ändra sina uppgifter genom integrationen.',
      },
      validateResponse: {
        label: 'Validera svar',
        description: 'Kontrollera integrationens svar mot deras schema.',
      },
      sendValidationResultsToLogger: {
        label: 'Skicka valideringsresultat till loggen',
        description: 'Skriv varje kontroll av ett svar till loggen.',
      },
    },
    wasteIntegration: {
      environment: {
        label: 'Miljö',
        description: 'Hämta från produktionstjänsten eller från en testtjänst.',
      },
      pathSuffix: {
        label: 'Sökvägssuffix',
        description: 'Läggs till avfallstjänstens adress.',
      },
      testBaseUrl: {
        label: 'Testbasadress',
        description: 'Testtjänstens adress.',
      },
      historicalMonths: {
        label: 'Månader bakåt',
        description: 'Hur många månader bakåt hämtningar hämtas.',
      },
      upcomingEventsToFetch: {
        label: 'Kommande hämtningar att hämta',
        description: 'Hur många kommande hämtningar som hämtas.',
      },
      maxUpcomingToShow: {
        label: 'Kommande hämtningar att visa',
        description: 'Hur många kommande hämtningar appen visar.',
      },
      maxHistoricalToShow: {
        label: 'Tidigare hämtningar att visa',
        description: 'Hur många tidigare hämtningar appen visar.',
      },
    },
    homeside: {
      accountName: {
        label: 'Kontonamn',
        description: 'Organisationens konto hos Homeside.',
      },
    },
  },
} satisfies SameKeys<typeof en>;

export default sv;
