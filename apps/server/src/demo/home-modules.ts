import type { Language } from '@gridline/contracts/enums';
import { ModulesPart, type FavoriteName } from '@gridline/contracts/settings-modules';
import type { OrganisationProfile } from './profile-types.ts';

/** The demo's home-screen texts, per language (spec 002 §3 "Home module"). */
const texts = {
  en: {
    news: 'News', shortcuts: 'Shortcuts', spot: 'Spot price', invoice: 'Invoices', analysis: 'Your usage',
    favorites: 'Favorites', selectorTitle: 'Choose your favorites', selectorDescription: 'Pick what you want to see first on the home screen.',
    offers: 'Offers for you', heatPump: 'Switch to a heat pump', heatPumpBody: 'Direct electric heating costs more than it needs to. A heat pump uses a third of the electricity.', offer: 'Offer',
    invoiceFav: 'Latest invoice', spotNowFav: 'Spot price now', spotGraphFav: 'Spot price today', loadPeaksFav: 'Load peaks',
  },
  sv: {
    news: 'Nyheter', shortcuts: 'Genvägar', spot: 'Spotpris', invoice: 'Fakturor', analysis: 'Din förbrukning',
    favorites: 'Favoriter', selectorTitle: 'Välj dina favoriter', selectorDescription: 'Välj det du vill se först på startskärmen.',
    offers: 'Erbjudanden för dig', heatPump: 'Byt till värmepump', heatPumpBody: 'Direktverkande el kostar mer än det behöver. En värmepump använder en tredjedel av elen.', offer: 'Erbjudande',
    invoiceFav: 'Senaste fakturan', spotNowFav: 'Spotpris nu', spotGraphFav: 'Spotpris i dag', loadPeaksFav: 'Effekttoppar',
  },
  nb: {
    news: 'Nyheter', shortcuts: 'Snarveier', spot: 'Spotpris', invoice: 'Fakturaer', analysis: 'Ditt forbruk',
    favorites: 'Favoritter', selectorTitle: 'Velg favorittene dine', selectorDescription: 'Velg det du vil se først på startskjermen.',
    offers: 'Tilbud til deg', heatPump: 'Bytt til varmepumpe', heatPumpBody: 'Panelovner koster mer enn de trenger. En varmepumpe bruker en tredjedel av strømmen.', offer: 'Tilbud',
    invoiceFav: 'Siste faktura', spotNowFav: 'Spotpris nå', spotGraphFav: 'Spotpris i dag', loadPeaksFav: 'Effekttopper',
  },
  nn: {
    news: 'Nyheiter', shortcuts: 'Snarvegar', spot: 'Spotpris', invoice: 'Fakturaer', analysis: 'Forbruket ditt',
    favorites: 'Favorittar', selectorTitle: 'Vel favorittane dine', selectorDescription: 'Vel det du vil sjå først på startskjermen.',
    offers: 'Tilbod til deg', heatPump: 'Byt til varmepumpe', heatPumpBody: 'Panelomnar kostar meir enn dei treng. Ei varmepumpe brukar ein tredjedel av straumen.', offer: 'Tilbod',
    invoiceFav: 'Siste faktura', spotNowFav: 'Spotpris no', spotGraphFav: 'Spotpris i dag', loadPeaksFav: 'Effekttoppar',
  },
  fi: {
    news: 'Uutiset', shortcuts: 'Pikalinkit', spot: 'Pörssihinta', invoice: 'Laskut', analysis: 'Kulutuksesi',
    favorites: 'Suosikit', selectorTitle: 'Valitse suosikkisi', selectorDescription: 'Valitse, mitä haluat nähdä ensimmäisenä aloitusnäkymässä.',
    offers: 'Tarjouksia sinulle', heatPump: 'Vaihda lämpöpumppuun', heatPumpBody: 'Suora sähkölämmitys maksaa enemmän kuin tarvitsee. Lämpöpumppu käyttää kolmanneksen sähköstä.', offer: 'Tarjous',
    invoiceFav: 'Viimeisin lasku', spotNowFav: 'Pörssihinta nyt', spotGraphFav: 'Pörssihinta tänään', loadPeaksFav: 'Tehohuiput',
  },
  de: {
    news: 'Neuigkeiten', shortcuts: 'Schnellzugriff', spot: 'Spotpreis', invoice: 'Rechnungen', analysis: 'Ihr Verbrauch',
    favorites: 'Favoriten', selectorTitle: 'Favoriten wählen', selectorDescription: 'Wählen Sie, was Sie zuerst auf dem Startbildschirm sehen möchten.',
    offers: 'Angebote für Sie', heatPump: 'Zur Wärmepumpe wechseln', heatPumpBody: 'Direktheizung mit Strom kostet mehr als nötig. Eine Wärmepumpe braucht ein Drittel des Stroms.', offer: 'Angebot',
    invoiceFav: 'Letzte Rechnung', spotNowFav: 'Spotpreis jetzt', spotGraphFav: 'Spotpreis heute', loadPeaksFav: 'Lastspitzen',
  },
} satisfies Record<Language, Record<string, string>>;
type Text = keyof (typeof texts)['en'];

/**
 * The demo organisation's home modules (decision 0058): news, shortcuts to the spot price, the
 * invoices and the analysis, the favorites (the invoice, the spot price and, where the grid
 * tariffs have a power fee, the load peaks) and an offer of a heat pump to homes heated by
 * direct electricity. Texts in the organisation's languages; checked as any release is.
 */
export function demoModules(profile: OrganisationProfile, id: (part: string) => string): ModulesPart {
  const copy = <K extends string>(fields: Record<K, Text>) =>
    Object.fromEntries(profile.languages.map((language) => [language, Object.fromEntries(Object.entries(fields).map(([field, text]) => [field, texts[language][text as Text]]))]));
  const shortcut = (key: string, text: Text, page: 'SPOTPRICE' | 'INVOICE' | 'ANALYSIS', icon: string) => ({
    id: id(`modules:shortcut:${key}`),
    copy: copy({ title: text }),
    navigation: { page },
    icon: { type: 'material', name: icon },
  });
  const hasLoadTariffs = profile.country === 'SE' || profile.country === 'NO';
  const favorite = (name: FavoriteName, title: Text) => ({ name, enabled: true, copy: copy({ title }) });
  return ModulesPart.parse({
    items: [
      { id: id('modules:news'), name: 'News', scope: 'home', copy: copy({ title: 'news' }), url: `https://news.${profile.slug}.example/rss.xml`, extraParams: { lang: profile.defaultLanguage }, variant: 'landscape' },
      {
        id: id('modules:shortcuts'),
        name: 'Shortcuts',
        scope: 'home',
        copy: copy({ title: 'shortcuts' }),
        items: [shortcut('spot', 'spot', 'SPOTPRICE', 'bolt'), shortcut('invoice', 'invoice', 'INVOICE', 'receipt'), shortcut('analysis', 'analysis', 'ANALYSIS', 'bar_chart')],
      },
      {
        id: id('modules:favorites'),
        name: 'Favorites',
        scope: 'home',
        copy: copy({ title: 'favorites', selectorTitle: 'selectorTitle', selectorDescription: 'selectorDescription' }),
        favorites: [
          favorite('InvoiceFavorite', 'invoiceFav'),
          favorite('SpotPriceNowFavorite', 'spotNowFav'),
          favorite('SpotPriceGraphFavorite', 'spotGraphFav'),
          ...(hasLoadTariffs ? [favorite('LoadPeaksFavorite', 'loadPeaksFav')] : []),
        ],
      },
      {
        id: id('modules:offers'),
        name: 'Offers',
        scope: 'home',
        copy: copy({ title: 'offers' }),
        variant: 'largeListCard',
        items: [
          {
            id: id('modules:offers:heat-pump'),
            theme: {
              light: { backgroundColors: [profile.theme.primaryColor], foregroundColor: '#ffffff', accentColor: '#111827', accentBackgroundColor: '#ffffff' },
              dark: { backgroundColors: ['#1f2937'], foregroundColor: '#ffffff', accentColor: '#111827', accentBackgroundColor: '#f9fafb' },
            },
            segments: { match: 'AND', rules: [{ name: 'heatingTypes', operator: 'anyOf', value: ['direct'] }] },
            copy: copy({ title: 'heatPump', body: 'heatPumpBody', label: 'offer' }),
            navigation: { page: 'EXTERNAL_URL', url: `https://www.${profile.slug}.example/heat-pumps`, enrichUrl: true, openInBrowser: true },
            icon: { type: 'material', name: 'heat_pump' },
          },
        ],
      },
    ],
  });
}
