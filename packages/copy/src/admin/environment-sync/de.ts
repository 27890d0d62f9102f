import type { SameKeys } from '../../types.ts';
import type { EnvironmentSyncTexts } from './en.ts';

const de: SameKeys<EnvironmentSyncTexts> = {
  title: 'Andere Umgebungen',
  intro: {
    settings:
      'Dies ist {{environment}}. Kopieren Sie, was hier veröffentlicht ist, in eine Testumgebung, damit sie dasselbe Theme, dieselben Flags, Module, Konfigurationen und Favoriten zeigt.',
    secrets:
      'Dies ist {{environment}}. Kopieren Sie die Geheimnisse, die Sie verwalten, in eine Testumgebung; sie werden verschlüsselt übertragen und dort neu versiegelt.',
  },
  environments: { production: 'Produktion', staging: 'Staging', develop: 'Entwicklung', local: 'Lokal' },
  send: {
    title: 'In eine andere Umgebung kopieren',
    noTargets: 'Für diese Installation ist keine andere Umgebung eingerichtet. Der Betrieb kann sie in SYNC_TARGETS eintragen.',
    target: 'Zielumgebung',
    choose: 'Umgebung wählen',
    targetRequired: 'Wählen Sie, wohin kopiert wird.',
    token: 'Synchronisierungsschlüssel des Ziels',
    tokenHelp:
      'Melden Sie sich in der Zielumgebung an, erstellen Sie dort auf dieser Seite einen Schlüssel und fügen Sie ihn hier ein. Er gilt einmal und 15 Minuten lang.',
    tokenRequired: 'Fügen Sie den Schlüssel des Ziels ein.',
    submit: { settings: 'Veröffentlichte Einstellungen kopieren', secrets: 'Geheimnisse kopieren' },
    failed: 'Nichts wurde kopiert',
    reason: 'Das Ziel antwortete: {{reason}}',
  },
  receive: {
    title: 'Aus einer anderen Umgebung empfangen',
    intro:
      'Erstellen Sie hier einen Einmalschlüssel und fügen Sie ihn in der Umgebung ein, die an {{environment}} sendet. Was ankommt, wird in Ihrem Namen veröffentlicht und protokolliert.',
    issue: 'Synchronisierungsschlüssel erstellen',
    token: 'Synchronisierungsschlüssel (einmal gültig bis {{time}})',
    copy: 'Schlüssel kopieren',
    copied: 'Kopiert',
    forget: 'Schlüssel ausblenden',
    failed: 'Es wurde kein Schlüssel erstellt',
  },
  confirm: {
    title: { settings: 'Veröffentlichte Einstellungen nach {{environment}} kopieren?', secrets: 'Geheimnisse nach {{environment}} kopieren?' },
    body: {
      settings:
        '{{environment}} veröffentlicht die hier veröffentlichten Einstellungen mit ihren Bildern als nächste Version. Eigene Entwürfe bleiben erhalten.',
      secrets: '{{environment}} ersetzt seine Werte der Geheimnisse, die Sie verwalten, durch die Werte von hier.',
    },
  },
  sentSettings: '{{environment}} hat sie als Version {{version}} veröffentlicht.',
  alreadyThere: '{{environment}} hat diese Einstellungen bereits veröffentlicht.',
  sentSecrets: '{{count}} Geheimnisse nach {{environment}} kopiert: {{keys}}',
};

export default de;
