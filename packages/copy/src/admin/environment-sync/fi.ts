import type { SameKeys } from '../../types.ts';
import type { EnvironmentSyncTexts } from './en.ts';

const fi: SameKeys<EnvironmentSyncTexts> = {
  title: 'Muut ympäristöt',
  intro: {
    settings: 'Tämä on {{environment}}. Kopioi täällä julkaistu testiympäristöön, jotta se näyttää saman teeman, liput, moduulit, konfiguraatiot ja suosikit.',
    secrets: 'Tämä on {{environment}}. Kopioi hallinnoimasi salaisuudet testiympäristöön; ne kulkevat salattuina ja sinetöidään siellä uudelleen.',
  },
  environments: { production: 'Tuotanto', staging: 'Staging', develop: 'Kehitys', local: 'Paikallinen' },
  send: {
    title: 'Kopioi toiseen ympäristöön',
    noTargets: 'Tälle asennukselle ei ole määritetty muita ympäristöjä. Ylläpito voi nimetä ne SYNC_TARGETS-asetuksessa.',
    target: 'Kohdeympäristö',
    choose: 'Valitse ympäristö',
    targetRequired: 'Valitse, mihin kopioidaan.',
    token: 'Synkronointiavain kohteesta',
    tokenHelp: 'Kirjaudu kohdeympäristöön, luo avain siellä tällä sivulla ja liitä se tähän. Se toimii kerran ja 15 minuutin ajan.',
    tokenRequired: 'Liitä kohteen luoma avain.',
    submit: { settings: 'Kopioi julkaistut asetukset', secrets: 'Kopioi salaisuudet' },
    failed: 'Mitään ei kopioitu',
    reason: 'Kohde vastasi: {{reason}}',
  },
  receive: {
    title: 'Vastaanota toisesta ympäristöstä',
    intro:
      'Luo kertakäyttöinen avain täällä ja liitä se ympäristöön, joka lähettää kohteeseen {{environment}}. Saapuva julkaistaan ja kirjataan sinun nimissäsi.',
    issue: 'Luo synkronointiavain',
    token: 'Synkronointiavain (voimassa kerran, {{time}} asti)',
    copy: 'Kopioi avain',
    copied: 'Kopioitu',
    forget: 'Piilota avain',
    failed: 'Avainta ei luotu',
  },
  confirm: {
    title: { settings: 'Kopioidaanko julkaistut asetukset kohteeseen {{environment}}?', secrets: 'Kopioidaanko salaisuudet kohteeseen {{environment}}?' },
    body: {
      settings: '{{environment}} julkaisee täällä julkaistut asetukset kuvineen seuraavana versionaan. Sen omat luonnokset säilyvät.',
      secrets: '{{environment}} korvaa hallinnoimiesi salaisuuksien arvot täällä olevilla arvoilla.',
    },
  },
  sentSettings: '{{environment}} julkaisi ne versiona {{version}}.',
  alreadyThere: 'Kohteessa {{environment}} nämä asetukset ovat jo julkaistuina.',
  sentSecrets: '{{count}} salaisuutta kopioitu kohteeseen {{environment}}: {{keys}}',
};

export default fi;
