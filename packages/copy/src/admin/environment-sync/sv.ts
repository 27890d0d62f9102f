import type { SameKeys } from '../../types.ts';
import type { EnvironmentSyncTexts } from './en.ts';

const sv: SameKeys<EnvironmentSyncTexts> = {
  title: 'Andra miljöer',
  intro: {
    settings:
      'Det här är {{environment}}. Kopiera det som är publicerat här till en testmiljö, så att den visar samma tema, flaggor, moduler, konfigurationer och favoriter.',
    secrets: 'Det här är {{environment}}. Kopiera hemligheterna du hanterar till en testmiljö; de skickas krypterade och förseglas på nytt där.',
  },
  environments: { production: 'Produktion', staging: 'Staging', develop: 'Utveckling', local: 'Lokal' },
  send: {
    title: 'Kopiera till en annan miljö',
    noTargets: 'Ingen annan miljö är konfigurerad för den här installationen. Driftteamet kan ange dem i SYNC_TARGETS.',
    target: 'Målmiljö',
    choose: 'Välj en miljö',
    targetRequired: 'Välj vart du vill kopiera.',
    token: 'Synknyckel från målmiljön',
    tokenHelp: 'Logga in i målmiljön, skapa en nyckel på den här sidan där och klistra in den här. Den fungerar en gång och i 15 minuter.',
    tokenRequired: 'Klistra in nyckeln som målmiljön skapade.',
    submit: { settings: 'Kopiera de publicerade inställningarna', secrets: 'Kopiera hemligheterna' },
    failed: 'Inget kopierades',
    reason: 'Målmiljön svarade: {{reason}}',
  },
  receive: {
    title: 'Ta emot från en annan miljö',
    intro: 'Skapa en engångsnyckel här och klistra in den i miljön som skickar till {{environment}}. Det som kommer publiceras och loggas i ditt namn.',
    issue: 'Skapa en synknyckel',
    token: 'Synknyckel (gäller en gång till {{time}})',
    copy: 'Kopiera nyckeln',
    copied: 'Kopierad',
    forget: 'Dölj nyckeln',
    failed: 'Ingen nyckel skapades',
  },
  confirm: {
    title: { settings: 'Kopiera de publicerade inställningarna till {{environment}}?', secrets: 'Kopiera hemligheterna till {{environment}}?' },
    body: {
      settings: '{{environment}} publicerar inställningarna som är publicerade här, med sina bilder, som sin nästa version. Dess egna utkast finns kvar.',
      secrets: '{{environment}} ersätter sina värden för hemligheterna du hanterar med värdena här.',
    },
  },
  sentSettings: '{{environment}} publicerade dem som version {{version}}.',
  alreadyThere: '{{environment}} har redan de här inställningarna publicerade.',
  sentSecrets: '{{count}} hemligheter kopierade till {{environment}}: {{keys}}',
};

export default sv;
