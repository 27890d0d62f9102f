import type { Language } from '@gridline/contracts/enums';
import type { TipSegments } from '@gridline/contracts/tips';
import { timestampOn } from './dates.ts';
import type { OrganisationBuilder } from './organisation-builder.ts';
import { stableId } from './releases.ts';

type Texts = Record<Language, { title: string; body: string }>;

interface DemoTip {
  key: string;
  segments: TipSegments;
  texts: Texts;
}

/** Heating that runs on electricity at home: the ones a lower indoor temperature saves the most on. */
const electricHeating = ['direct', 'air', 'airwater', 'exhaustAir', 'geothermal', 'electricBoiler'] as const;

/**
 * The demo organisations' tips (issue 18, decision 0053): the same handful for each, in the six
 * languages, each for a segment of spec 001 §3. Ids are derived, so no random stream moves.
 */
export const demoTips: readonly DemoTip[] = [
  {
    key: 'lower-heating',
    segments: { heatingTypes: [...electricHeating] },
    texts: {
      en: { title: 'Lower the heat by one degree', body: 'Each degree lower indoors saves about five per cent of the energy your heating uses. 20 °C in living rooms and 18 °C in bedrooms is comfortable for most people.' },
      sv: { title: 'Sänk värmen en grad', body: 'Varje grad lägre inomhus sparar ungefär fem procent av energin som värmen använder. 20 °C i vardagsrum och 18 °C i sovrum är behagligt för de flesta.' },
      nb: { title: 'Senk varmen med én grad', body: 'Hver grad lavere innendørs sparer omtrent fem prosent av energien oppvarmingen bruker. 20 °C i stuen og 18 °C på soverommet er behagelig for de fleste.' },
      nn: { title: 'Senk varmen med éi grad', body: 'Kvar grad lågare innandørs sparer omtrent fem prosent av energien oppvarminga brukar. 20 °C i stova og 18 °C på soverommet er behageleg for dei fleste.' },
      fi: { title: 'Laske lämpöä asteella', body: 'Jokainen aste viileämpää sisällä säästää noin viisi prosenttia lämmityksen energiasta. 20 °C olohuoneessa ja 18 °C makuuhuoneessa on useimmille sopiva.' },
      de: { title: 'Senken Sie die Heizung um ein Grad', body: 'Jedes Grad weniger in der Wohnung spart etwa fünf Prozent der Heizenergie. 20 °C im Wohnzimmer und 18 °C im Schlafzimmer sind für die meisten angenehm.' },
    },
  },
  {
    key: 'dishwasher-at-night',
    segments: {},
    texts: {
      en: { title: 'Run the dishwasher when electricity is cheap', body: 'The spot price is usually lowest at night. Start the dishwasher and the washing machine late in the evening with their delay timer, and check the price curve in the app.' },
      sv: { title: 'Kör diskmaskinen när elen är billig', body: 'Spotpriset är oftast lägst på natten. Starta disk- och tvättmaskinen sent på kvällen med fördröjd start, och titta på priskurvan i appen.' },
      nb: { title: 'Kjør oppvaskmaskinen når strømmen er billig', body: 'Spotprisen er som regel lavest om natten. Start oppvask- og vaskemaskinen sent på kvelden med utsatt start, og sjekk priskurven i appen.' },
      nn: { title: 'Køyr oppvaskmaskinen når straumen er billeg', body: 'Spotprisen er som regel lågast om natta. Start oppvask- og vaskemaskinen seint på kvelden med utsett start, og sjekk priskurva i appen.' },
      fi: { title: 'Käytä astianpesukonetta, kun sähkö on halpaa', body: 'Pörssisähkö on yleensä halvinta yöllä. Käynnistä astianpesu- ja pyykinpesukone myöhään illalla ajastimella ja katso hintakäyrä sovelluksesta.' },
      de: { title: 'Spülen Sie, wenn der Strom günstig ist', body: 'Der Spotpreis ist meist nachts am niedrigsten. Starten Sie Geschirrspüler und Waschmaschine spät abends mit der Startzeitvorwahl und sehen Sie sich die Preiskurve in der App an.' },
    },
  },
  {
    key: 'floor-heating-timer',
    segments: { hasFloorHeating: true },
    texts: {
      en: { title: 'Put the floor heating on a timer', body: 'Warm floors are nice in the morning and the evening, not while you are out. A timer that lowers the floor heating during the day and at night saves energy without you noticing.' },
      sv: { title: 'Styr golvvärmen med timer', body: 'Varma golv är sköna på morgonen och kvällen, inte när du är borta. En timer som sänker golvvärmen på dagen och natten sparar energi utan att du märker det.' },
      nb: { title: 'Styr gulvvarmen med tidsur', body: 'Varme gulv er deilig om morgenen og kvelden, ikke når du er borte. Et tidsur som senker gulvvarmen på dagtid og om natten sparer energi uten at du merker det.' },
      nn: { title: 'Styr golvvarmen med tidsur', body: 'Varme golv er deileg om morgonen og kvelden, ikkje når du er borte. Eit tidsur som senkar golvvarmen på dagtid og om natta sparer energi utan at du merkar det.' },
      fi: { title: 'Ajasta lattialämmitys', body: 'Lämmin lattia on mukava aamulla ja illalla, ei silloin kun olet poissa. Ajastin, joka laskee lattialämmitystä päivällä ja yöllä, säästää energiaa huomaamatta.' },
      de: { title: 'Steuern Sie die Fußbodenheizung per Zeitschaltuhr', body: 'Warme Böden sind morgens und abends angenehm, nicht wenn Sie unterwegs sind. Eine Zeitschaltuhr, die die Fußbodenheizung tagsüber und nachts absenkt, spart Energie, ohne dass Sie es merken.' },
    },
  },
  {
    key: 'water-heater-timer',
    segments: { hasWaterHeater: true },
    texts: {
      en: { title: 'Heat the water at night', body: 'A water heater holds its heat for many hours. Let it heat when the spot price is low, at night, and switch it off during the expensive morning and evening hours.' },
      sv: { title: 'Värm vattnet på natten', body: 'En varmvattenberedare håller värmen i många timmar. Låt den värma när spotpriset är lågt på natten och stäng av den under de dyra morgon- och kvällstimmarna.' },
      nb: { title: 'Varm opp vannet om natten', body: 'En varmtvannsbereder holder på varmen i mange timer. La den varme når spotprisen er lav om natten, og slå den av i de dyre morgen- og kveldstimene.' },
      nn: { title: 'Varm opp vatnet om natta', body: 'Ein varmtvassberedar held på varmen i mange timar. La han varme når spotprisen er låg om natta, og slå han av i dei dyre morgon- og kveldstimane.' },
      fi: { title: 'Lämmitä vesi yöllä', body: 'Lämminvesivaraaja pitää lämpönsä monta tuntia. Anna sen lämmittää yöllä, kun pörssihinta on matala, ja katkaise se kalliiden aamu- ja iltatuntien ajaksi.' },
      de: { title: 'Heizen Sie das Wasser nachts auf', body: 'Ein Warmwasserspeicher hält die Wärme viele Stunden. Lassen Sie ihn nachts heizen, wenn der Spotpreis niedrig ist, und schalten Sie ihn in den teuren Morgen- und Abendstunden ab.' },
    },
  },
  {
    key: 'ev-at-night',
    segments: { services: ['consumption_grid'] },
    texts: {
      en: { title: 'Charge the car at night', body: 'An electric car usually stands still at night, when electricity is cheapest and the grid has room. Schedule the charging to start after 22:00 and it is full in the morning.' },
      sv: { title: 'Ladda bilen på natten', body: 'En elbil står oftast still på natten, när elen är billigast och nätet har gott om plats. Schemalägg laddningen att börja efter 22.00 så är den full på morgonen.' },
      nb: { title: 'Lad bilen om natten', body: 'En elbil står som regel stille om natten, når strømmen er billigst og nettet har god kapasitet. Planlegg ladingen til å starte etter kl. 22 så er den full om morgenen.' },
      nn: { title: 'Lad bilen om natta', body: 'Ein elbil står som regel still om natta, når straumen er billigast og nettet har god kapasitet. Planlegg ladinga til å starte etter kl. 22, så er han full om morgonen.' },
      fi: { title: 'Lataa auto yöllä', body: 'Sähköauto seisoo yleensä yöllä, kun sähkö on halvinta ja verkossa on tilaa. Ajasta lataus alkamaan klo 22 jälkeen, niin auto on aamulla täynnä.' },
      de: { title: 'Laden Sie das Auto nachts', body: 'Ein Elektroauto steht meist nachts, wenn der Strom am günstigsten ist und das Netz Reserven hat. Planen Sie das Laden ab 22 Uhr, dann ist es morgens voll.' },
    },
  },
  {
    key: 'bleed-radiators',
    segments: { heatingTypes: ['district'] },
    texts: {
      en: { title: 'Bleed the radiators before winter', body: 'Air in a radiator keeps it cold at the top and makes the district heating work harder. Open the bleed valve with a key until water comes out, once every autumn.' },
      sv: { title: 'Lufta elementen före vintern', body: 'Luft i ett element gör det kallt upptill och får fjärrvärmen att arbeta hårdare. Öppna luftningsskruven med en nyckel tills vatten kommer ut, en gång varje höst.' },
      nb: { title: 'Luft radiatorene før vinteren', body: 'Luft i en radiator gjør den kald øverst og får fjernvarmen til å jobbe hardere. Åpne luftenippelen med en nøkkel til det kommer vann, én gang hver høst.' },
      nn: { title: 'Luft radiatorane før vinteren', body: 'Luft i ein radiator gjer han kald øvst og får fjernvarmen til å arbeide hardare. Opne luftenippelen med ein nøkkel til det kjem vatn, éin gong kvar haust.' },
      fi: { title: 'Ilmaa patterit ennen talvea', body: 'Patterissa oleva ilma pitää sen yläosan kylmänä ja kuormittaa kaukolämpöä. Avaa ilmausruuvi avaimella, kunnes vettä tulee, kerran joka syksy.' },
      de: { title: 'Entlüften Sie die Heizkörper vor dem Winter', body: 'Luft im Heizkörper lässt ihn oben kalt und die Fernwärme härter arbeiten. Öffnen Sie das Entlüftungsventil mit einem Schlüssel, bis Wasser austritt, einmal jeden Herbst.' },
    },
  },
];

/** The demo tips of an organisation, enabled, in the list's order. */
export function addDemoTips(org: OrganisationBuilder): void {
  const created = new Date(timestampOn(org.organisationDay, 11));
  demoTips.forEach((tip, index) => {
    org.rows.tips.push({
      id: stableId('gridline-demo', org.profile.slug, 'tip', tip.key),
      organisation_id: org.organisationId,
      texts: JSON.stringify(tip.texts),
      segments: JSON.stringify(tip.segments),
      enabled: true,
      sort_order: (index + 1) * 10,
      created_at: created,
      created_by: 'demo@gridline.example',
      updated_at: created,
      updated_by: 'demo@gridline.example',
    });
  });
}
