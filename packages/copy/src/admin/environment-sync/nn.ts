import type { SameKeys } from '../../types.ts';
import type { EnvironmentSyncTexts } from './en.ts';

const nn: SameKeys<EnvironmentSyncTexts> = {
  title: 'Andre miljø',
  intro: {
    settings:
      'Dette er {{environment}}. Kopier det som er publisert her til eit testmiljø, slik at det viser same tema, flagg, modular, konfigurasjonar og favorittar.',
    secrets: 'Dette er {{environment}}. Kopier løyndomane du forvaltar til eit testmiljø; dei blir sende krypterte og forsegla på nytt der.',
  },
  environments: { production: 'Produksjon', staging: 'Staging', develop: 'Utvikling', local: 'Lokal' },
  send: {
    title: 'Kopier til eit anna miljø',
    noTargets: 'Ingen andre miljø er konfigurerte for denne installasjonen. Driftsteamet kan setje dei i SYNC_TARGETS.',
    target: 'Målmiljø',
    choose: 'Vel eit miljø',
    targetRequired: 'Vel kvar du vil kopiere til.',
    token: 'Synkroniseringsnøkkel frå målmiljøet',
    tokenHelp: 'Logg inn i målmiljøet, lag ein nøkkel på denne sida der og lim han inn her. Han verkar éin gong og i 15 minutt.',
    tokenRequired: 'Lim inn nøkkelen målmiljøet laga.',
    submit: { settings: 'Kopier dei publiserte innstillingane', secrets: 'Kopier løyndomane' },
    failed: 'Ingenting vart kopiert',
    reason: 'Målmiljøet svarte: {{reason}}',
  },
  receive: {
    title: 'Ta imot frå eit anna miljø',
    intro: 'Lag ein eingongsnøkkel her og lim han inn i miljøet som sender til {{environment}}. Det som kjem, blir publisert og logga i ditt namn.',
    issue: 'Lag ein synkroniseringsnøkkel',
    token: 'Synkroniseringsnøkkel (gjeld éin gong til {{time}})',
    copy: 'Kopier nøkkelen',
    copied: 'Kopiert',
    forget: 'Gøym nøkkelen',
    failed: 'Ingen nøkkel vart laga',
  },
  confirm: {
    title: { settings: 'Kopiere dei publiserte innstillingane til {{environment}}?', secrets: 'Kopiere løyndomane til {{environment}}?' },
    body: {
      settings: '{{environment}} publiserer innstillingane som er publiserte her, med bileta, som neste versjon. Eigne utkast blir verande.',
      secrets: '{{environment}} byter ut sine verdiar for løyndomane du forvaltar med verdiane her.',
    },
  },
  sentSettings: '{{environment}} publiserte dei som versjon {{version}}.',
  alreadyThere: '{{environment}} har alt desse innstillingane publiserte.',
  sentSecrets: '{{count}} løyndomar kopierte til {{environment}}: {{keys}}',
};

export default nn;
