import type { Language } from '@gridline/contracts/enums';

/**
 * The demo organisations' own FAQ (spec 000 §2.12): questions and answers a utility's customers
 * ask, in every language the platform speaks. Written once per language; `{org}` and
 * `{gridOperator}` are filled in per organisation when the demo is seeded. Stored as the
 * organisation's copy texts `my-pages:faq.items.<topic>.<n>.question|answer`, so a provider
 * writes its own and the portal drops a pair that lacks either half.
 */
export const faqTopics = ['invoices', 'agreements', 'app', 'misc', 'environment'] as const;
export type FaqTopic = (typeof faqTopics)[number];

/** Question, answer. */
type Pair = readonly [string, string];
export type FaqTexts = Readonly<Record<FaqTopic, readonly Pair[]>>;

const en: FaqTexts = {
  invoices: [
    [
      'When is my invoice sent and when is it due?',
      "We send the invoice at the start of each month for the previous month's electricity. It is due on the last weekday of the month. You find all invoices, with their due dates and status, under Invoices.",
    ],
    [
      'How can I pay my invoice?',
      'The easiest way is e-invoice or direct debit, which you set up in your online bank. You can also pay with the reference number shown on the invoice. Choose “Show invoice” under Invoices to open the document.',
    ],
    [
      'Why is my invoice higher than usual?',
      'Usually because you used more electricity, for example during a cold month, or because the spot price was higher. The invoice shows your consumption and your price per kWh.',
    ],
    [
      'Why do I get an invoice from {gridOperator} as well?',
      'The grid operator owns the power lines to your home and charges for the transmission. {org} sells the electricity itself. That is why you receive two invoices, unless you have a combined invoice.',
    ],
  ],
  agreements: [
    [
      'What is the difference between a spot price and a fixed price?',
      'With a spot price agreement you pay the market price of each hour (or quarter-hour) plus our surcharge, so the price follows the market. With a fixed price you pay the same price per kWh for the whole agreement period, which makes your costs predictable.',
    ],
    [
      'How do I change or renew my agreement?',
      'Under Electricity agreement you see your current agreement, its price and its end date. Contact customer service if you want to change the type of agreement. When your agreement is about to end, we send you an offer in good time.',
    ],
    [
      'I am moving. What do I need to do?',
      'Tell us your moving date and your new address at least two weeks before you move. We end the agreement at your old address and start one at the new address, so that you are never without electricity.',
    ],
  ],
  app: [
    [
      'Is there an app?',
      'Yes. In our app you can follow your consumption, costs and invoices on your phone. Search for {org} in the App Store or on Google Play. You sign in with the same details as on My pages.',
    ],
    [
      'Why do the app and My pages show different figures?',
      'Meter readings reach us about two days late, and the app and My pages may have been updated at different times. The figures are the same once the readings have arrived.',
    ],
  ],
  misc: [
    [
      'How do I change my e-mail address or phone number?',
      'Go to Account settings, choose Change next to the detail and save. We use your contact details for invoices and important messages.',
    ],
    [
      'Can I see more than one address?',
      'Yes. If you have several addresses, or someone has shared their account with you, you choose the address in the list at the top of each page.',
    ],
    [
      'How do I report a power cut?',
      "Power cuts in the grid are handled by {gridOperator}. First look at the disruption information on our website. If your power cut is not listed there, call {gridOperator}'s fault line.",
    ],
  ],
  environment: [
    [
      'Where does your electricity come from?',
      'The electricity we sell comes from renewable sources: hydropower, wind power and solar power. Every year we report its origin, backed by guarantees of origin.',
    ],
    [
      'How can I use less electricity?',
      'Heating and hot water make up most of the electricity a home uses. Lowering the indoor temperature by one degree saves about five per cent of the heating energy. Running the dishwasher and the washing machine when the price is low, often at night, lowers your costs as well.',
    ],
    [
      'How is the climate impact of my electricity worked out?',
      'We estimate the carbon dioxide emissions of the electricity you used from the power mix in your price area, hour by hour. Using electricity when the share of renewable power is high makes your footprint smaller.',
    ],
  ],
};

const sv: FaqTexts = {
  invoices: [
    [
      'När skickas min faktura och när ska den vara betald?',
      'Vi skickar fakturan i början av varje månad för föregående månads el. Den ska vara betald den sista vardagen i månaden. Alla fakturor med förfallodatum och status hittar du under Fakturor.',
    ],
    [
      'Hur kan jag betala min faktura?',
      'Enklast är e-faktura eller autogiro, som du anmäler i din internetbank. Du kan också betala med OCR-numret som står på fakturan. Välj ”Visa faktura” under Fakturor för att öppna dokumentet.',
    ],
    [
      'Varför är min faktura högre än vanligt?',
      'Oftast för att du har använt mer el, till exempel under en kall månad, eller för att spotpriset har varit högre. På fakturan ser du din förbrukning och ditt pris per kWh.',
    ],
    [
      'Varför får jag också en faktura från {gridOperator}?',
      'Elnätsföretaget äger ledningarna fram till din bostad och tar betalt för överföringen. {org} säljer själva elen. Därför får du två fakturor, om du inte har samfakturering.',
    ],
  ],
  agreements: [
    [
      'Vad är skillnaden mellan spotpris och fast pris?',
      'Med ett spotprisavtal betalar du marknadspriset för varje timme (eller kvart) plus vårt påslag, så priset följer marknaden. Med fast pris betalar du samma pris per kWh under hela avtalsperioden, vilket gör dina kostnader förutsägbara.',
    ],
    [
      'Hur byter eller förnyar jag mitt avtal?',
      'Under Elavtal ser du ditt nuvarande avtal, dess pris och slutdatum. Kontakta kundservice om du vill byta avtalsform. När ditt avtal närmar sig slutet skickar vi ett erbjudande i god tid.',
    ],
    [
      'Jag ska flytta. Vad behöver jag göra?',
      'Meddela oss ditt flyttdatum och din nya adress minst två veckor innan du flyttar. Vi avslutar avtalet på den gamla adressen och startar ett på den nya, så att du aldrig står utan el.',
    ],
  ],
  app: [
    [
      'Finns det en app?',
      'Ja. I vår app kan du följa din förbrukning, dina kostnader och fakturor i mobilen. Sök efter {org} i App Store eller Google Play. Du loggar in med samma uppgifter som på Mina sidor.',
    ],
    [
      'Varför visar appen och Mina sidor olika siffror?',
      'Mätvärden når oss med ungefär två dagars fördröjning, och appen och Mina sidor kan ha uppdaterats vid olika tidpunkter. Siffrorna blir desamma när mätvärdena har kommit in.',
    ],
  ],
  misc: [
    [
      'Hur ändrar jag min e-postadress eller mitt telefonnummer?',
      'Gå till Kontoinställningar, välj Ändra vid uppgiften och spara. Vi använder dina kontaktuppgifter för fakturor och viktiga meddelanden.',
    ],
    [
      'Kan jag se fler än en adress?',
      'Ja. Har du flera adresser, eller har någon delat sitt konto med dig, väljer du adress i listan högst upp på varje sida.',
    ],
    [
      'Hur anmäler jag ett strömavbrott?',
      'Avbrott i elnätet hanteras av {gridOperator}. Titta först i driftinformationen på vår webbplats. Finns ditt avbrott inte med där, ring felanmälan hos {gridOperator}.',
    ],
  ],
  environment: [
    [
      'Var kommer er el ifrån?',
      'Elen vi säljer kommer från förnybara källor: vattenkraft, vindkraft och solkraft. Varje år redovisar vi elens ursprung, styrkt med ursprungsgarantier.',
    ],
    [
      'Hur kan jag minska min förbrukning?',
      'Uppvärmning och varmvatten står för den största delen av en bostads elanvändning. Sänker du inomhustemperaturen en grad sparar du ungefär fem procent av energin för uppvärmning. Kör du diskmaskin och tvättmaskin när priset är lågt, ofta på natten, sänker du också dina kostnader.',
    ],
    [
      'Hur räknas klimatpåverkan av min el ut?',
      'Vi uppskattar koldioxidutsläppen från elen du har använt utifrån elmixen i ditt elområde, timme för timme. Använder du el när andelen förnybar kraft är hög blir ditt avtryck mindre.',
    ],
  ],
};

const nb: FaqTexts = {
  invoices: [
    [
      'Når sendes fakturaen min, og når forfaller den?',
      'Vi sender fakturaen i begynnelsen av hver måned for strømmen du brukte måneden før. Den forfaller siste virkedag i måneden. Alle fakturaer med forfallsdato og status finner du under Fakturaer.',
    ],
    [
      'Hvordan kan jeg betale fakturaen?',
      'Enklest er eFaktura eller AvtaleGiro, som du bestiller i nettbanken. Du kan også betale med KID-nummeret som står på fakturaen. Velg «Vis faktura» under Fakturaer for å åpne dokumentet.',
    ],
    [
      'Hvorfor er fakturaen høyere enn vanlig?',
      'Som regel fordi du har brukt mer strøm, for eksempel i en kald måned, eller fordi spotprisen har vært høyere. På fakturaen ser du forbruket ditt og prisen per kWh.',
    ],
    [
      'Hvorfor får jeg også en faktura fra {gridOperator}?',
      'Nettselskapet eier linjene fram til boligen din og tar betalt for nettleien. {org} selger selve strømmen. Derfor får du to fakturaer, med mindre du har felles faktura.',
    ],
  ],
  agreements: [
    [
      'Hva er forskjellen på spotpris og fastpris?',
      'Med en spotprisavtale betaler du markedsprisen for hver time (eller hvert kvarter) pluss vårt påslag, så prisen følger markedet. Med fastpris betaler du samme pris per kWh gjennom hele avtaleperioden, så kostnadene blir forutsigbare.',
    ],
    [
      'Hvordan bytter eller fornyer jeg avtalen min?',
      'Under Strømavtale ser du avtalen din, prisen og sluttdatoen. Kontakt kundeservice hvis du vil bytte avtaletype. Når avtalen nærmer seg slutten, sender vi deg et tilbud i god tid.',
    ],
    [
      'Jeg skal flytte. Hva må jeg gjøre?',
      'Gi oss beskjed om flyttedato og ny adresse minst to uker før du flytter. Vi avslutter avtalen på den gamle adressen og starter en ny på den nye, så du aldri står uten strøm.',
    ],
  ],
  app: [
    [
      'Finnes det en app?',
      'Ja. I appen vår kan du følge forbruket, kostnadene og fakturaene dine på mobilen. Søk etter {org} i App Store eller Google Play. Du logger inn med de samme opplysningene som på Min side.',
    ],
    [
      'Hvorfor viser appen og Min side forskjellige tall?',
      'Måleverdier kommer til oss med omtrent to dagers forsinkelse, og appen og Min side kan være oppdatert til ulike tider. Tallene blir like når måleverdiene er kommet inn.',
    ],
  ],
  misc: [
    [
      'Hvordan endrer jeg e-postadressen eller telefonnummeret mitt?',
      'Gå til Kontoinnstillinger, velg Endre ved opplysningen og lagre. Vi bruker kontaktopplysningene dine til fakturaer og viktige meldinger.',
    ],
    ['Kan jeg se mer enn én adresse?', 'Ja. Har du flere adresser, eller har noen delt kontoen sin med deg, velger du adresse i listen øverst på hver side.'],
    [
      'Hvordan melder jeg fra om strømbrudd?',
      'Brudd i strømnettet håndteres av {gridOperator}. Sjekk først driftsmeldingene på nettsiden vår. Står ikke bruddet ditt der, ring feilmeldingstjenesten til {gridOperator}.',
    ],
  ],
  environment: [
    [
      'Hvor kommer strømmen deres fra?',
      'Strømmen vi selger kommer fra fornybare kilder: vannkraft, vindkraft og solkraft. Hvert år dokumenterer vi opprinnelsen med opprinnelsesgarantier.',
    ],
    [
      'Hvordan kan jeg redusere forbruket mitt?',
      'Oppvarming og varmtvann står for det meste av strømforbruket i en bolig. Senker du innetemperaturen med én grad, sparer du omtrent fem prosent av energien til oppvarming. Kjører du oppvaskmaskin og vaskemaskin når prisen er lav, ofte om natten, sparer du også penger.',
    ],
    [
      'Hvordan beregnes klimapåvirkningen av strømmen min?',
      'Vi anslår CO₂-utslippene fra strømmen du har brukt ut fra kraftmiksen i prisområdet ditt, time for time. Bruker du strøm når andelen fornybar kraft er høy, blir fotavtrykket ditt mindre.',
    ],
  ],
};

const nn: FaqTexts = {
  invoices: [
    [
      'Når blir fakturaen min send, og når forfell ho?',
      'Vi sender fakturaen i byrjinga av kvar månad for straumen du brukte månaden før. Ho forfell siste yrkedag i månaden. Alle fakturaer med forfallsdato og status finn du under Fakturaer.',
    ],
    [
      'Korleis kan eg betale fakturaen?',
      'Enklast er eFaktura eller AvtaleGiro, som du tingar i nettbanken. Du kan òg betale med KID-nummeret som står på fakturaen. Vel «Vis faktura» under Fakturaer for å opne dokumentet.',
    ],
    [
      'Kvifor er fakturaen høgare enn vanleg?',
      'Som regel fordi du har brukt meir straum, til dømes i ein kald månad, eller fordi spotprisen har vore høgare. På fakturaen ser du forbruket ditt og prisen per kWh.',
    ],
    [
      'Kvifor får eg òg ein faktura frå {gridOperator}?',
      'Nettselskapet eig linjene fram til bustaden din og tek betalt for nettleiga. {org} sel sjølve straumen. Difor får du to fakturaer, med mindre du har felles faktura.',
    ],
  ],
  agreements: [
    [
      'Kva er skilnaden på spotpris og fastpris?',
      'Med ein spotprisavtale betaler du marknadsprisen for kvar time (eller kvart kvarter) pluss påslaget vårt, så prisen følgjer marknaden. Med fastpris betaler du same pris per kWh gjennom heile avtaleperioden, så kostnadene blir føreseielege.',
    ],
    [
      'Korleis byter eller fornyar eg avtalen min?',
      'Under Straumavtale ser du avtalen din, prisen og sluttdatoen. Kontakt kundeservice om du vil byte avtaletype. Når avtalen nærmar seg slutten, sender vi deg eit tilbod i god tid.',
    ],
    [
      'Eg skal flytte. Kva må eg gjere?',
      'Gi oss beskjed om flyttedato og ny adresse minst to veker før du flyttar. Vi avsluttar avtalen på den gamle adressa og startar ein ny på den nye, så du aldri står utan straum.',
    ],
  ],
  app: [
    [
      'Finst det ein app?',
      'Ja. I appen vår kan du følgje forbruket, kostnadene og fakturaene dine på mobilen. Søk etter {org} i App Store eller Google Play. Du loggar inn med dei same opplysningane som på Mi side.',
    ],
    [
      'Kvifor viser appen og Mi side ulike tal?',
      'Måleverdiar kjem til oss med om lag to dagars forseinking, og appen og Mi side kan vere oppdaterte til ulike tider. Tala blir like når måleverdiane er komne inn.',
    ],
  ],
  misc: [
    [
      'Korleis endrar eg e-postadressa eller telefonnummeret mitt?',
      'Gå til Kontoinnstillingar, vel Endre ved opplysninga og lagre. Vi bruker kontaktopplysningane dine til fakturaer og viktige meldingar.',
    ],
    ['Kan eg sjå meir enn éi adresse?', 'Ja. Har du fleire adresser, eller har nokon delt kontoen sin med deg, vel du adresse i lista øvst på kvar side.'],
    [
      'Korleis melder eg frå om straumbrot?',
      'Brot i straumnettet blir handterte av {gridOperator}. Sjekk først driftsmeldingane på nettsida vår. Står ikkje brotet ditt der, ring feilmeldingstenesta til {gridOperator}.',
    ],
  ],
  environment: [
    [
      'Kvar kjem straumen dykkar frå?',
      'Straumen vi sel kjem frå fornybare kjelder: vasskraft, vindkraft og solkraft. Kvart år dokumenterer vi opphavet med opphavsgarantiar.',
    ],
    [
      'Korleis kan eg redusere forbruket mitt?',
      'Oppvarming og varmtvatn står for det meste av straumforbruket i ein bustad. Senkar du innetemperaturen med éin grad, sparer du om lag fem prosent av energien til oppvarming. Køyrer du oppvaskmaskin og vaskemaskin når prisen er låg, ofte om natta, sparer du òg pengar.',
    ],
    [
      'Korleis blir klimapåverknaden av straumen min rekna ut?',
      'Vi anslår CO₂-utsleppa frå straumen du har brukt ut frå kraftmiksen i prisområdet ditt, time for time. Bruker du straum når delen fornybar kraft er høg, blir fotavtrykket ditt mindre.',
    ],
  ],
};

const fi: FaqTexts = {
  invoices: [
    [
      'Milloin laskuni lähetetään ja milloin se erääntyy?',
      'Lähetämme laskun kunkin kuukauden alussa edellisen kuukauden sähköstä. Se erääntyy kuukauden viimeisenä arkipäivänä. Kaikki laskut eräpäivineen ja tiloineen löydät kohdasta Laskut.',
    ],
    [
      'Miten voin maksaa laskuni?',
      'Helpointa on tilata e-lasku tai suoramaksu verkkopankistasi. Voit maksaa myös laskussa olevalla viitenumerolla. Avaa laskun asiakirja valitsemalla Laskut-sivulla ”Näytä lasku”.',
    ],
    [
      'Miksi laskuni on tavallista suurempi?',
      'Yleensä siksi, että olet käyttänyt enemmän sähköä, esimerkiksi kylmänä kuukautena, tai pörssisähkön hinta on ollut korkeampi. Laskulta näet kulutuksesi ja hintasi kilowattituntia kohden.',
    ],
    [
      'Miksi saan laskun myös yhtiöltä {gridOperator}?',
      'Verkkoyhtiö omistaa sähköverkon kotiisi asti ja laskuttaa sähkönsiirrosta. {org} myy itse sähkön. Siksi saat kaksi laskua, ellei sinulla ole yhteislaskua.',
    ],
  ],
  agreements: [
    [
      'Mitä eroa on pörssisähköllä ja kiinteällä hinnalla?',
      'Pörssisähkösopimuksessa maksat jokaisen tunnin (tai vartin) markkinahinnan sekä marginaalimme, joten hinta seuraa markkinaa. Kiinteähintaisessa sopimuksessa maksat saman hinnan kilowattitunnilta koko sopimuskauden ajan, joten kulusi ovat ennustettavia.',
    ],
    [
      'Miten vaihdan tai uusin sopimukseni?',
      'Sähkösopimus-sivulla näet nykyisen sopimuksesi, sen hinnan ja päättymispäivän. Ota yhteyttä asiakaspalveluun, jos haluat vaihtaa sopimustyyppiä. Kun sopimuksesi on päättymässä, lähetämme sinulle tarjouksen hyvissä ajoin.',
    ],
    [
      'Olen muuttamassa. Mitä minun pitää tehdä?',
      'Ilmoita meille muuttopäivä ja uusi osoite vähintään kaksi viikkoa ennen muuttoa. Päätämme sopimuksen vanhassa osoitteessa ja aloitamme uuden uudessa osoitteessa, jotta et ole koskaan ilman sähköä.',
    ],
  ],
  app: [
    [
      'Onko teillä sovellusta?',
      'Kyllä. Sovelluksessamme voit seurata kulutustasi, kulujasi ja laskujasi puhelimella. Hae nimellä {org} App Storesta tai Google Playsta. Kirjaudut sisään samoilla tunnuksilla kuin Omille sivuille.',
    ],
    [
      'Miksi sovelluksessa ja Omilla sivuilla näkyy eri lukuja?',
      'Mittaustiedot tulevat meille noin kahden päivän viiveellä, ja sovellus ja Omat sivut ovat voineet päivittyä eri aikaan. Luvut ovat samat, kun mittaustiedot ovat saapuneet.',
    ],
  ],
  misc: [
    [
      'Miten muutan sähköpostiosoitteeni tai puhelinnumeroni?',
      'Siirry kohtaan Tilin asetukset, valitse tiedon kohdalla Muuta ja tallenna. Käytämme yhteystietojasi laskuihin ja tärkeisiin viesteihin.',
    ],
    [
      'Voinko nähdä useamman kuin yhden osoitteen?',
      'Kyllä. Jos sinulla on useita osoitteita tai joku on jakanut tilinsä kanssasi, valitset osoitteen jokaisen sivun yläreunan luettelosta.',
    ],
    [
      'Miten ilmoitan sähkökatkosta?',
      'Sähköverkon katkoista huolehtii {gridOperator}. Katso ensin häiriötiedotteet verkkosivuiltamme. Jos katkoasi ei ole siellä, soita verkkoyhtiön vikailmoitusnumeroon.',
    ],
  ],
  environment: [
    [
      'Mistä myymänne sähkö tulee?',
      'Myymämme sähkö tuotetaan uusiutuvilla energialähteillä: vesi-, tuuli- ja aurinkovoimalla. Raportoimme sähkön alkuperän vuosittain alkuperätakuilla varmennettuna.',
    ],
    [
      'Miten voin vähentää sähkönkulutustani?',
      'Lämmitys ja lämmin käyttövesi muodostavat suurimman osan kodin sähkönkulutuksesta. Laskemalla sisälämpötilaa asteella säästät noin viisi prosenttia lämmitysenergiasta. Kun käytät astian- ja pyykinpesukonetta hinnan ollessa alhainen, usein yöllä, säästät myös rahaa.',
    ],
    [
      'Miten sähköni ilmastovaikutus lasketaan?',
      'Arvioimme käyttämäsi sähkön hiilidioksidipäästöt hinta-alueesi sähköntuotannon rakenteen perusteella tunti tunnilta. Kun käytät sähköä uusiutuvan tuotannon osuuden ollessa suuri, hiilijalanjälkesi pienenee.',
    ],
  ],
};

const de: FaqTexts = {
  invoices: [
    [
      'Wann wird meine Rechnung verschickt und wann ist sie fällig?',
      'Wir schicken die Rechnung zu Beginn jedes Monats für den Strom des Vormonats. Sie ist am letzten Werktag des Monats fällig. Alle Rechnungen mit Fälligkeit und Status finden Sie unter Rechnungen.',
    ],
    [
      'Wie kann ich meine Rechnung bezahlen?',
      'Am einfachsten mit einem SEPA-Lastschriftmandat, das Sie uns einmal erteilen. Sie können auch mit der Zahlungsreferenz auf der Rechnung überweisen. Unter Rechnungen öffnen Sie das Dokument mit „Rechnung anzeigen“.',
    ],
    [
      'Warum ist meine Rechnung höher als sonst?',
      'Meist, weil Sie mehr Strom verbraucht haben, etwa in einem kalten Monat, oder weil der Börsenpreis höher war. Auf der Rechnung sehen Sie Ihren Verbrauch und Ihren Preis pro kWh.',
    ],
    [
      'Warum bekomme ich auch eine Rechnung von {gridOperator}?',
      'Der Netzbetreiber besitzt die Leitungen bis zu Ihrem Zuhause und verrechnet die Netzentgelte. {org} liefert den Strom selbst. Deshalb erhalten Sie zwei Rechnungen, außer Sie haben eine gemeinsame Rechnung.',
    ],
  ],
  agreements: [
    [
      'Was ist der Unterschied zwischen Spotpreis und Fixpreis?',
      'Mit einem Spotpreistarif zahlen Sie den Börsenpreis jeder Stunde (oder Viertelstunde) plus unseren Aufschlag, der Preis folgt also dem Markt. Mit einem Fixpreis zahlen Sie während der gesamten Vertragslaufzeit denselben Preis pro kWh, Ihre Kosten sind damit planbar.',
    ],
    [
      'Wie wechsle oder verlängere ich meinen Vertrag?',
      'Unter Stromvertrag sehen Sie Ihren aktuellen Vertrag, seinen Preis und sein Enddatum. Wenden Sie sich an den Kundenservice, wenn Sie die Vertragsart wechseln möchten. Wenn Ihr Vertrag ausläuft, schicken wir Ihnen rechtzeitig ein Angebot.',
    ],
    [
      'Ich ziehe um. Was muss ich tun?',
      'Teilen Sie uns Ihr Umzugsdatum und Ihre neue Adresse mindestens zwei Wochen vor dem Umzug mit. Wir beenden den Vertrag an der alten Adresse und beginnen einen an der neuen, damit Sie nie ohne Strom sind.',
    ],
  ],
  app: [
    [
      'Gibt es eine App?',
      'Ja. In unserer App verfolgen Sie Verbrauch, Kosten und Rechnungen am Handy. Suchen Sie im App Store oder bei Google Play nach {org}. Sie melden sich mit denselben Daten an wie im Kundenportal.',
    ],
    [
      'Warum zeigen die App und das Kundenportal unterschiedliche Zahlen?',
      'Messwerte erreichen uns mit etwa zwei Tagen Verzögerung, und die App und das Kundenportal können zu unterschiedlichen Zeiten aktualisiert worden sein. Die Zahlen stimmen überein, sobald die Messwerte eingegangen sind.',
    ],
  ],
  misc: [
    [
      'Wie ändere ich meine E-Mail-Adresse oder Telefonnummer?',
      'Gehen Sie zu den Kontoeinstellungen, wählen Sie bei der Angabe „Ändern“ und speichern Sie. Wir verwenden Ihre Kontaktdaten für Rechnungen und wichtige Mitteilungen.',
    ],
    [
      'Kann ich mehr als eine Adresse sehen?',
      'Ja. Wenn Sie mehrere Adressen haben oder jemand sein Konto mit Ihnen teilt, wählen Sie die Adresse in der Liste oben auf jeder Seite.',
    ],
    [
      'Wie melde ich einen Stromausfall?',
      'Störungen im Stromnetz behebt {gridOperator}. Sehen Sie zuerst in den Störungsmeldungen auf unserer Website nach. Ist Ihr Ausfall dort nicht angeführt, rufen Sie die Störungshotline von {gridOperator} an.',
    ],
  ],
  environment: [
    [
      'Woher kommt Ihr Strom?',
      'Der Strom, den wir liefern, stammt aus erneuerbaren Quellen: Wasserkraft, Windkraft und Sonnenenergie. Jedes Jahr weisen wir seine Herkunft mit Herkunftsnachweisen aus.',
    ],
    [
      'Wie kann ich meinen Verbrauch senken?',
      'Heizung und Warmwasser machen den größten Teil des Stromverbrauchs eines Haushalts aus. Senken Sie die Raumtemperatur um ein Grad, sparen Sie rund fünf Prozent der Heizenergie. Lassen Sie Geschirrspüler und Waschmaschine laufen, wenn der Preis niedrig ist, oft in der Nacht, sparen Sie auch Geld.',
    ],
    [
      'Wie wird die Klimawirkung meines Stroms berechnet?',
      'Wir schätzen die CO₂-Emissionen des von Ihnen verbrauchten Stroms anhand des Strommixes in Ihrer Preiszone, Stunde für Stunde. Nutzen Sie Strom, während der Anteil erneuerbarer Energie hoch ist, sinkt Ihr Fußabdruck.',
    ],
  ],
};

export const faqTexts: Readonly<Record<Language, FaqTexts>> = { en, sv, nb, nn, fi, de };

/**
 * The contact block's texts that only the provider can write (spec 000 §2.12): opening hours and
 * an extra line, as copy texts `organisation:contact.openingHours` and `contact.extraInfo`.
 */
export const contactTexts: Readonly<Record<Language, { openingHours: string; extraInfo: string }>> = {
  en: { openingHours: 'Weekdays 8–17, Fridays 8–15', extraInfo: "For power cuts, call {gridOperator}'s fault line, open around the clock." },
  sv: { openingHours: 'Vardagar 8–17, fredagar 8–15', extraInfo: 'Vid strömavbrott, ring felanmälan hos {gridOperator}, som har öppet dygnet runt.' },
  nb: { openingHours: 'Hverdager 8–17, fredager 8–15', extraInfo: 'Ved strømbrudd, ring feilmeldingstjenesten til {gridOperator}, som er åpen hele døgnet.' },
  nn: { openingHours: 'Kvardagar 8–17, fredagar 8–15', extraInfo: 'Ved straumbrot, ring feilmeldingstenesta til {gridOperator}, som er open heile døgeret.' },
  fi: {
    openingHours: 'Arkisin 8–17, perjantaisin 8–15',
    extraInfo: 'Sähkökatkoissa soita verkkoyhtiön {gridOperator} vikapalveluun, joka palvelee ympäri vuorokauden.',
  },
  de: {
    openingHours: 'Werktags 8–17 Uhr, freitags 8–15 Uhr',
    extraInfo: 'Bei Stromausfällen rufen Sie die Störungshotline von {gridOperator} an, die rund um die Uhr erreichbar ist.',
  },
};
