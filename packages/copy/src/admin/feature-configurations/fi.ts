import type { SameKeys } from '../../types.ts';
import type en from './en.ts';

/** The Feature configurations area (decision 0057). */
const fi = {
  nav: 'Toimintoasetukset',
  title: 'Toimintoasetukset',
  intro: 'Integraatioiden ja asiakastuen asetukset. Jokainen kenttä kertoo, kuka saa muuttaa sitä ja näkevätkö asiakkaat sen.',
  loading: 'Haetaan asetuksia…',
  empty: 'Muokattavia asetuksia ei ole.',
  categories: {
    apiIntegration: 'API-integraatio',
    customerSupport: 'Asiakastuki',
    bridge: 'Hallinta',
    brightNativeIntegrations: 'Sisäänrakennetut integraatiot',
    reports: 'Raportit',
  },
  privateCategory: 'Ei koskaan näy asiakkaille.',
  public: 'Julkinen',
  protected: 'Suojattu',
  publicHint: 'Asiakkaat näkevät arvon.',
  protectedHint: 'Vain henkilöstö ja alusta näkevät arvon.',
  readOnly: 'Vain luku',
  readOnlyHint: 'Roolisi ({{scope}}) saa lukea kentän mutta ei muuttaa sitä.',
  readOnlyAll: 'Alusta asettaa tämän. Kukaan ei voi muuttaa sitä täällä.',
  range: '{{min}}–{{max}}',
  enabled: 'Käytössä',
  changed: 'Luonnos poikkeaa julkaistusta.',
  unchanged: 'Luonnos on sama kuin julkaistu.',
  saveFailed: 'Luonnosta ei tallennettu.',
  save: 'Tallenna luonnos',
  saved: 'Luonnos on tallennettu. Julkaise se Julkaisut-sivulla.',
  discard: 'Hylkää luonnos',
  discarded: 'Luonnos on hylätty.',
  reload: 'Lataa luonnos uudelleen',
  stale: 'Joku muu muutti luonnosta sen jälkeen, kun avasit sen. Lataa se uudelleen nähdäksesi muutokset; tämän sivun muutoksesi menetetään.',
  fixErrors: 'Jotkin kentät vaativat huomiota. Ne on merkitty alla.',
  releaseIssues: 'Ennen julkaisua näiden sääntöjen on täytyttävä:',
  toReleases: 'Siirry julkaisuihin julkaisemaan',
  notSupported: 'Tällaista kenttää ei voi vielä muokata täällä.',
  configurations: {
    customerSupport: {
      label: 'Asiakastuki',
      description: 'Miten asiakkaat tavoittavat tuen.',
    },
    generalIntegration: {
      label: 'Yleinen integraatio',
      description: 'Miten organisaation omat järjestelmät on integroitu.',
    },
    wasteIntegration: {
      label: 'Jäteintegraatio',
      description: 'Mistä jätteenkeräystapahtumat tulevat ja kuinka monta sovellus näyttää.',
    },
    homeside: {
      label: 'Homeside',
      description: 'Homesiden lämmönohjauksen integraatio.',
    },
    ngenic: {
      label: 'Ngenic',
      description: 'Ngenicin lämmönohjauksen integraatio.',
    },
  },
  fields: {
    customerSupport: {
      accessibilityEmail: {
        label: 'Saavutettavuustuen sähköposti',
        description: 'Osoite, johon asiakkaat kirjoittavat sovelluksen ja portaalin saavutettavuudesta.',
      },
    },
    generalIntegration: {
      supportedServiceTypes: {
        label: 'Tuetut palvelutyypit',
        description: 'Palvelutyypit, jotka integraatio toimittaa.',
      },
      environmentsAllowingUserUpdates: {
        label: 'Ympäristöt, joissa käyttäjät voivat päivittää',
        description: 'Missä asiakkaat voivat muuttaa tietojaan integraation kautta.',
      },
      validateResponse: {
        label: 'Vastausten tarkistus',
        description: 'Tarkista integraation vastaukset niiden skeemaa vasten.',
      },
      sendValidationResultsToLogger: {
        label: 'Tarkistustulokset lokiin',
        description: 'Kirjoita jokainen vastauksen tarkistus lokiin.',
      },
    },
    wasteIntegration: {
      environment: {
        label: 'Ympäristö',
        description: 'Hae tuotantopalvelusta tai testipalvelusta.',
      },
      pathSuffix: {
        label: 'Polun loppuosa',
        description: 'Lisätään jätepalvelun osoitteeseen.',
      },
      testBaseUrl: {
        label: 'Testin perusosoite',
        description: 'Testipalvelun osoite.',
      },
      historicalMonths: {
        label: 'Kuukausia taaksepäin',
        description: 'Kuinka monen kuukauden ajalta keräykset haetaan.',
      },
      upcomingEventsToFetch: {
        label: 'Haettavat tulevat keräykset',
        description: 'Kuinka monta tulevaa keräystä haetaan.',
      },
      maxUpcomingToShow: {
        label: 'Näytettävät tulevat keräykset',
        description: 'Kuinka monta tulevaa keräystä sovellus näyttää.',
      },
      maxHistoricalToShow: {
        label: 'Näytettävät menneet keräykset',
        description: 'Kuinka monta mennyttä keräystä sovellus näyttää.',
      },
    },
    homeside: {
      accountName: {
        label: 'Tilin nimi',
        description: 'Organisaation tili Homesidessa.',
      },
    },
  },
} satisfies SameKeys<typeof en>;

export default fi;
