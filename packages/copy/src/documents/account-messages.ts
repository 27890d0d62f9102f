import type { Language } from '@gridline/contracts/enums';

/**
 * The e-mails a customer gets about their account (decision 0042): the confirmation that their
 * request to have the account deleted has been received. `{organisation}` the organisation's name,
 * `{name}` the customer's first name, `{date}` the day of the request in the customer's language.
 */
export interface AccountMessageTexts {
  deletionSubject: string;
  greeting: string;
  deletionReceived: string;
  deletionNext: string;
  deletionKept: string;
  deletionNotYou: string;
}

export const accountMessageTexts: Readonly<Record<Language, AccountMessageTexts>> = {
  en: {
    deletionSubject: 'We have received your request to delete your account at {organisation}',
    greeting: 'Hello {name},',
    deletionReceived: 'On {date} you asked {organisation} to delete your account and the personal details we hold about you.',
    deletionNext: 'Our customer service will handle your request and contact you if anything is unclear. Until then you can sign in as usual.',
    deletionKept: 'Invoices and other records that the law requires us to keep are kept for as long as required.',
    deletionNotYou: 'If you did not ask for this, contact the customer service of {organisation}.',
  },
  sv: {
    deletionSubject: 'Vi har tagit emot din begäran om att radera ditt konto hos {organisation}',
    greeting: 'Hej {name}!',
    deletionReceived: 'Den {date} bad du {organisation} att radera ditt konto och de personuppgifter vi har om dig.',
    deletionNext: 'Vår kundservice hanterar din begäran och kontaktar dig om något är oklart. Till dess kan du logga in som vanligt.',
    deletionKept: 'Fakturor och andra uppgifter som vi enligt lag måste spara sparas så länge som krävs.',
    deletionNotYou: 'Om det inte var du som bad om detta, kontakta kundservice hos {organisation}.',
  },
  nb: {
    deletionSubject: 'Vi har mottatt forespørselen din om å slette kontoen din hos {organisation}',
    greeting: 'Hei {name},',
    deletionReceived: 'Den {date} ba du {organisation} om å slette kontoen din og personopplysningene vi har om deg.',
    deletionNext: 'Kundeservice behandler forespørselen og kontakter deg hvis noe er uklart. Til da kan du logge inn som vanlig.',
    deletionKept: 'Fakturaer og andre opplysninger vi er pålagt å oppbevare etter loven, oppbevares så lenge det kreves.',
    deletionNotYou: 'Hvis det ikke var du som ba om dette, kontakt kundeservice hos {organisation}.',
  },
  nn: {
    deletionSubject: 'Vi har motteke førespurnaden din om å slette kontoen din hos {organisation}',
    greeting: 'Hei {name},',
    deletionReceived: 'Den {date} bad du {organisation} om å slette kontoen din og personopplysingane vi har om deg.',
    deletionNext: 'Kundeservice handsamar førespurnaden og kontaktar deg om noko er uklart. Til då kan du logge inn som vanleg.',
    deletionKept: 'Fakturaer og andre opplysingar vi etter lova må ta vare på, vert tekne vare på så lenge det trengst.',
    deletionNotYou: 'Om det ikkje var du som bad om dette, kontakt kundeservice hos {organisation}.',
  },
  fi: {
    deletionSubject: 'Olemme vastaanottaneet pyyntösi poistaa käyttäjätilisi palveluntarjoajalla {organisation}',
    greeting: 'Hei {name},',
    deletionReceived: 'Pyysit {date} palveluntarjoajaa {organisation} poistamaan käyttäjätilisi ja sinusta tallennetut henkilötiedot.',
    deletionNext: 'Asiakaspalvelumme käsittelee pyyntösi ja ottaa sinuun yhteyttä, jos jokin on epäselvää. Siihen asti voit kirjautua sisään tavalliseen tapaan.',
    deletionKept: 'Laskut ja muut tiedot, jotka laki velvoittaa säilyttämään, säilytetään niin kauan kuin vaaditaan.',
    deletionNotYou: 'Jos et pyytänyt tätä, ota yhteyttä palveluntarjoajan {organisation} asiakaspalveluun.',
  },
  de: {
    deletionSubject: 'Wir haben Ihren Antrag auf Löschung Ihres Kontos bei {organisation} erhalten',
    greeting: 'Hallo {name},',
    deletionReceived: 'Am {date} haben Sie {organisation} gebeten, Ihr Konto und die über Sie gespeicherten personenbezogenen Daten zu löschen.',
    deletionNext: 'Unser Kundenservice bearbeitet Ihren Antrag und meldet sich, falls etwas unklar ist. Bis dahin können Sie sich wie gewohnt anmelden.',
    deletionKept: 'Rechnungen und andere Unterlagen, die wir gesetzlich aufbewahren müssen, werden so lange aufbewahrt wie vorgeschrieben.',
    deletionNotYou: 'Wenn Sie das nicht veranlasst haben, wenden Sie sich an den Kundenservice von {organisation}.',
  },
};

/** Fills `{name}` placeholders (the sign-in messages' filler; an unknown one stays as written). */
export { fillSignInText as fillAccountText } from './sign-in-messages.ts';
