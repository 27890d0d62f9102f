import type { Language } from '@gridline/contracts/enums';

/** The demo's two disruptions per organisation (a warning and a fatal one), in every language. */
export const demoDisruptionTexts: Readonly<Record<'warning' | 'fatal', Readonly<Record<Language, { title: string; message: string }>>>> = {
  warning: {
    en: {
      title: 'Planned maintenance tonight',
      message: 'My pages and the app may be unavailable for short periods tonight while we update our systems. Your electricity supply is not affected.',
    },
    sv: {
      title: 'Planerat underhåll i kväll',
      message: 'Mina sidor och appen kan vara otillgängliga korta stunder i kväll medan vi uppdaterar våra system. Din elleverans påverkas inte.',
    },
    nb: {
      title: 'Planlagt vedlikehold i kveld',
      message: 'Min side og appen kan være utilgjengelige i korte perioder i kveld mens vi oppdaterer systemene våre. Strømleveransen din påvirkes ikke.',
    },
    nn: {
      title: 'Planlagt vedlikehald i kveld',
      message: 'Mi side og appen kan vere utilgjengelege i korte periodar i kveld medan vi oppdaterer systema våre. Straumleveransen din blir ikkje påverka.',
    },
    fi: {
      title: 'Suunniteltu huoltokatko tänä iltana',
      message: 'Omat sivut ja sovellus voivat olla hetkittäin poissa käytöstä tänä iltana, kun päivitämme järjestelmiämme. Sähkönjakelusi ei keskeydy.',
    },
    de: {
      title: 'Geplante Wartung heute Abend',
      message:
        'Das Kundenportal und die App können heute Abend kurzzeitig nicht erreichbar sein, während wir unsere Systeme aktualisieren. Ihre Stromversorgung ist davon nicht betroffen.',
    },
  },
  fatal: {
    en: {
      title: 'My pages are temporarily closed',
      message: 'We are fixing a technical problem and My pages cannot be used right now. Your electricity supply is not affected. Please try again later.',
    },
    sv: {
      title: 'Mina sidor är tillfälligt stängda',
      message: 'Vi åtgärdar ett tekniskt fel och Mina sidor går inte att använda just nu. Din elleverans påverkas inte. Försök igen senare.',
    },
    nb: {
      title: 'Min side er midlertidig stengt',
      message: 'Vi retter en teknisk feil, og Min side kan ikke brukes akkurat nå. Strømleveransen din påvirkes ikke. Prøv igjen senere.',
    },
    nn: {
      title: 'Mi side er mellombels stengd',
      message: 'Vi rettar ein teknisk feil, og Mi side kan ikkje brukast akkurat no. Straumleveransen din blir ikkje påverka. Prøv igjen seinare.',
    },
    fi: {
      title: 'Omat sivut ovat tilapäisesti suljettuina',
      message: 'Korjaamme teknistä vikaa, eikä Omia sivuja voi juuri nyt käyttää. Sähkönjakelusi ei keskeydy. Yritä myöhemmin uudelleen.',
    },
    de: {
      title: 'Das Kundenportal ist vorübergehend geschlossen',
      message:
        'Wir beheben einen technischen Fehler, das Kundenportal kann gerade nicht genutzt werden. Ihre Stromversorgung ist davon nicht betroffen. Bitte versuchen Sie es später erneut.',
    },
  },
};
