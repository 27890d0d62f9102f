import type { SameKeys } from '../../types.ts';
import type { EnvironmentSyncTexts } from './en.ts';

const nb: SameKeys<EnvironmentSyncTexts> = {
  title: 'Andre miljøer',
  intro: {
    settings:
      'Dette er {{environment}}. Kopier det som er publisert her til et testmiljø, slik at det viser samme tema, flagg, moduler, konfigurasjoner og favoritter.',
    secrets: 'Dette er {{environment}}. Kopier hemmelighetene du forvalter til et testmiljø; de sendes kryptert og forsegles på nytt der.',
  },
  environments: { production: 'Produksjon', staging: 'Staging', develop: 'Utvikling', local: 'Lokal' },
  send: {
    title: 'Kopier til et annet miljø',
    noTargets: 'Ingen andre miljøer er konfigurert for denne installasjonen. Driftsteamet kan angi dem i SYNC_TARGETS.',
    target: 'Målmiljø',
    choose: 'Velg et miljø',
    targetRequired: 'Velg hvor du vil kopiere til.',
    token: 'Synkroniseringsnøkkel fra målmiljøet',
    tokenHelp: 'Logg inn i målmiljøet, lag en nøkkel på denne siden der og lim den inn her. Den virker én gang og i 15 minutter.',
    tokenRequired: 'Lim inn nøkkelen målmiljøet laget.',
    submit: { settings: 'Kopier de publiserte innstillingene', secrets: 'Kopier hemmelighetene' },
    failed: 'Ingenting ble kopiert',
    reason: 'Målmiljøet svarte: {{reason}}',
  },
  receive: {
    title: 'Motta fra et annet miljø',
    intro: 'Lag en engangsnøkkel her og lim den inn i miljøet som sender til {{environment}}. Det som kommer, publiseres og logges i ditt navn.',
    issue: 'Lag en synkroniseringsnøkkel',
    token: 'Synkroniseringsnøkkel (gjelder én gang til {{time}})',
    copy: 'Kopier nøkkelen',
    copied: 'Kopiert',
    forget: 'Skjul nøkkelen',
    failed: 'Ingen nøkkel ble laget',
  },
  confirm: {
    title: { settings: 'Kopiere de publiserte innstillingene til {{environment}}?', secrets: 'Kopiere hemmelighetene til {{environment}}?' },
    body: {
      settings: '{{environment}} publiserer innstillingene som er publisert her, med bildene, som sin neste versjon. Egne utkast blir værende.',
      secrets: '{{environment}} erstatter sine verdier for hemmelighetene du forvalter med verdiene her.',
    },
  },
  sentSettings: '{{environment}} publiserte dem som versjon {{version}}.',
  alreadyThere: '{{environment}} har allerede disse innstillingene publisert.',
  sentSecrets: '{{count}} hemmeligheter kopiert til {{environment}}: {{keys}}',
};

export default nb;
