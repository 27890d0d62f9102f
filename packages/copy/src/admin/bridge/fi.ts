import type { SameKeys } from '../../types.ts';
import type en from './en.ts';

const fi: SameKeys<typeof en> = {
  nav: 'Työkalut',
  title: 'Työkalut',
  intro: 'Lähetä testisähköposti nähdäksesi, miten sähköpostit saapuvat, ja tyhjennä palvelimen muistissa pitämät tiedot.',
  testEmail: {
    title: 'Lähetä testisähköposti',
    intro: 'Sähköpostissa on linkki portaalin sivulle organisaatiosi omassa osoitteessa.',
    address: 'Sähköpostiosoite',
    target: 'Linkki sivulle',
    send: 'Lähetä testisähköposti',
    sent: 'Testisähköposti lähetettiin osoitteeseen {{address}}, linkki: {{link}}.',
  },
  caches: {
    title: 'Tyhjennä välimuisti',
    intro: 'Palvelin pitää osan tiedoista muistissa hetken. Tyhjennä se, kun hallinnan ulkopuolella tehty muutos ei vielä näy.',
    key: 'Välimuisti',
    keys: {
      copy: 'Tekstit',
      settings: 'Asetukset ja julkaisut',
      members: 'Asiakkaiden sivut (profiili, kodit, laskut)',
      all: 'Kaikki',
    },
    scope: 'Tyhjennetään',
    everyOrganisation: 'Kaikki organisaatiot',
    clear: 'Tyhjennä välimuisti',
    confirmTitle: 'Tyhjennetäänkö {{cache}}?',
    confirmBody: 'Kaikki palvelimet lukevat nämä tiedot uudelleen tietokannasta. Sivut voivat latautua hetken hitaammin. Tyhjennetään: {{scope}}.',
    cleared: '{{cache}} tyhjennetty: {{scope}}.',
  },
  premium: {
    title: 'Premium-ominaisuudet',
    features: {
      smartCharging: 'Älykäs lataus',
      smartHeating: 'Älykäs lämmitys',
      realtime: 'Reaaliaikamittari',
      solarProduction: 'Aurinkotuotanto',
      detailedInsights: 'Tarkat näkymät',
    },
    activated: '{{feature}} on nyt käytössä asiakasnumerolla {{customerId}}.',
    deactivated: '{{feature}} on nyt pois käytöstä asiakasnumerolla {{customerId}}.',
  },
};

export default fi;
