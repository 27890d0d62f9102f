import type { SameKeys } from '../../types.ts';
import type en from './en.ts';

/** The Feature configurations area (decision 0057). */
const de = {
  nav: 'Funktionseinstellungen',
  title: 'Funktionseinstellungen',
  intro: 'Einstellungen der Integrationen und des Kundensupports. Jedes Feld zeigt, wer es ändern darf und ob Kunden es sehen.',
  loading: 'Die Einstellungen werden geladen…',
  empty: 'Es gibt keine Einstellungen zum Bearbeiten.',
  categories: {
    apiIntegration: 'API-Integration',
    customerSupport: 'Kundensupport',
    bridge: 'Verwaltung',
    brightNativeIntegrations: 'Eingebaute Integrationen',
    reports: 'Berichte',
  },
  privateCategory: 'Wird Kunden nie angezeigt.',
  public: 'Öffentlich',
  protected: 'Geschützt',
  publicHint: 'Kunden können diesen Wert sehen.',
  protectedHint: 'Nur Mitarbeitende und die Plattform sehen diesen Wert.',
  readOnly: 'Schreibgeschützt',
  readOnlyHint: 'Ihre Rolle ({{scope}}) darf dieses Feld lesen, aber nicht ändern.',
  readOnlyAll: 'Wird von der Plattform gesetzt. Niemand kann es hier ändern.',
  range: 'Von {{min}} bis {{max}}',
  enabled: 'Aktiviert',
  changed: 'Der Entwurf weicht vom veröffentlichten Stand ab.',
  unchanged: 'Der Entwurf entspricht dem veröffentlichten Stand.',
  saveFailed: 'Der Entwurf wurde nicht gespeichert.',
  save: 'Entwurf speichern',
  saved: 'Der Entwurf ist gespeichert. Veröffentlichen Sie ihn auf der Seite Releases.',
  discard: 'Entwurf verwerfen',
  discarded: 'Der Entwurf ist verworfen.',
  reload: 'Entwurf neu laden',
  stale:
    'Jemand anderes hat diesen Entwurf geändert, nachdem Sie ihn geöffnet haben. Laden Sie ihn neu, um die Änderungen zu sehen; Ihre Änderungen hier gehen verloren.',
  fixErrors: 'Einige Felder brauchen Ihre Aufmerksamkeit. Sie sind unten markiert.',
  releaseIssues: 'Vor dem Veröffentlichen müssen diese Regeln erfüllt sein:',
  toReleases: 'Zu den Releases, um zu veröffentlichen',
  notSupported: 'Diese Art von Feld kann hier noch nicht bearbeitet werden.',
  configurations: {
    customerSupport: {
      label: 'Kundensupport',
      description: 'Wie Kunden den Support erreichen.',
    },
    generalIntegration: {
      label: 'Allgemeine Integration',
      description: 'Wie die eigenen Systeme der Organisation angebunden sind.',
    },
    wasteIntegration: {
      label: 'Abfallintegration',
      description: 'Woher die Abholtermine kommen und wie viele die App zeigt.',
    },
    homeside: {
      label: 'Homeside',
      description: 'Die Integration der Homeside-Heizungssteuerung.',
    },
    ngenic: {
      label: 'Ngenic',
      description: 'Die Integration der Ngenic-Heizungssteuerung.',
    },
  },
  fields: {
    customerSupport: {
      accessibilityEmail: {
        label: 'E-Mail für Barrierefreiheit',
        description: 'Wohin Kunden zur Barrierefreiheit der App und des Portals schreiben.',
      },
    },
    generalIntegration: {
      supportedServiceTypes: {
        label: 'Unterstützte Diensttypen',
        description: 'Die Diensttypen, die die Integration liefert.',
      },
      environmentsAllowingUserUpdates: {
        label: 'Umgebungen mit Änderungen durch Nutzer',
        description: 'Wo Kunden ihre Angaben über die Integration ändern dürfen.',
      },
      validateResponse: {
        label: 'Antworten prüfen',
        description: 'Die Antworten der Integration gegen ihr Schema prüfen.',
      },
      sendValidationResultsToLogger: {
        label: 'Prüfergebnisse ins Protokoll',
        description: 'Jede Prüfung einer Antwort ins Protokoll schreiben.',
      },
    },
    wasteIntegration: {
      environment: {
        label: 'Umgebung',
        description: 'Vom Produktionsdienst oder von einem Testdienst abrufen.',
      },
      pathSuffix: {
        label: 'Pfadsuffix',
        description: 'Wird an die Adresse des Abfalldienstes angehängt.',
      },
      testBaseUrl: {
        label: 'Test-Basis-URL',
        description: 'Die Adresse des Testdienstes.',
      },
      historicalMonths: {
        label: 'Monate zurück',
        description: 'Wie viele Monate zurück Abholungen abgerufen werden.',
      },
      upcomingEventsToFetch: {
        label: 'Abzurufende kommende Abholungen',
        description: 'Wie viele kommende Abholungen abgerufen werden.',
      },
      maxUpcomingToShow: {
        label: 'Angezeigte kommende Abholungen',
        description: 'Wie viele kommende Abholungen die App zeigt.',
      },
      maxHistoricalToShow: {
        label: 'Angezeigte vergangene Abholungen',
        description: 'Wie viele vergangene Abholungen die App zeigt.',
      },
    },
    homeside: {
      accountName: {
        label: 'Kontoname',
        description: 'Das Konto der Organisation bei Homeside.',
      },
    },
  },
} satisfies SameKeys<typeof en>;

export default de;
