import type { Language } from '@gridline/contracts/enums';

/**
 * The messages a sign-in sends (`apps/server/src/modules/auth/methods/`): the SMS with the PIN
 * and the e-mail with the sign-in link. Placeholders in braces are filled in by the sender:
 * `{organisation}` the provider's name, `{pin}`, `{name}` the customer's first name, `{link}`,
 * `{minutes}` how long the code or link lives.
 */
export interface SignInMessageTexts {
  pinSms: string;
  linkSubject: string;
  linkGreeting: string;
  linkIntro: string;
  linkButton: string;
  linkValidity: string;
  linkIgnore: string;
  /** The password reset e-mail (`{username}` the user's username); greeting and validity as the link's. */
  resetSubject: string;
  resetIntro: string;
  resetUsername: string;
  resetButton: string;
  resetIgnore: string;
  /** The page an OpenID provider sends an app's web view back to. */
  returnTitle: string;
  returnDone: string;
  returnFailed: string;
}

export const signInMessageTexts: Readonly<Record<Language, SignInMessageTexts>> = {
  en: {
    pinSms: '{pin} is your code for signing in to {organisation}. It is valid for {minutes} minutes. Never share it with anyone.',
    linkSubject: 'Your sign-in link for {organisation}',
    linkGreeting: 'Hello {name},',
    linkIntro: 'Use the link below to sign in to My pages at {organisation}.',
    linkButton: 'Sign in',
    linkValidity: 'The link can be used once and is valid for {minutes} minutes.',
    linkIgnore: 'If you did not ask to sign in, you can ignore this e-mail.',
    resetSubject: 'Choose a new password for {organisation}',
    resetIntro: 'Use the link below to choose a new password for My pages at {organisation}.',
    resetUsername: 'Your username is {username}.',
    resetButton: 'Choose a new password',
    resetIgnore: 'If you did not ask for a new password, you can ignore this e-mail: your password stays as it is.',
    returnTitle: 'Sign-in',
    returnDone: 'You are signed in. You can go back to the app.',
    returnFailed: 'The sign-in was not completed. Go back to the app and try again.',
  },
  sv: {
    pinSms: '{pin} är din kod för att logga in hos {organisation}. Den gäller i {minutes} minuter. Dela den aldrig med någon.',
    linkSubject: 'Din inloggningslänk till {organisation}',
    linkGreeting: 'Hej {name}!',
    linkIntro: 'Använd länken nedan för att logga in på Mina sidor hos {organisation}.',
    linkButton: 'Logga in',
    linkValidity: 'Länken kan användas en gång och gäller i {minutes} minuter.',
    linkIgnore: 'Om du inte har bett om att logga in kan du bortse från det här mejlet.',
    resetSubject: 'Välj ett nytt lösenord hos {organisation}',
    resetIntro: 'Använd länken nedan för att välja ett nytt lösenord till Mina sidor hos {organisation}.',
    resetUsername: 'Ditt användarnamn är {username}.',
    resetButton: 'Välj nytt lösenord',
    resetIgnore: 'Om du inte har bett om ett nytt lösenord kan du bortse från det här mejlet: ditt lösenord förblir som det är.',
    returnTitle: 'Inloggning',
    returnDone: 'Du är inloggad. Du kan gå tillbaka till appen.',
    returnFailed: 'Inloggningen slutfördes inte. Gå tillbaka till appen och försök igen.',
  },
  nb: {
    pinSms: '{pin} er koden din for å logge inn hos {organisation}. Den gjelder i {minutes} minutter. Del den aldri med noen.',
    linkSubject: 'Innloggingslenken din til {organisation}',
    linkGreeting: 'Hei {name}!',
    linkIntro: 'Bruk lenken nedenfor for å logge inn på Min side hos {organisation}.',
    linkButton: 'Logg inn',
    linkValidity: 'Lenken kan brukes én gang og gjelder i {minutes} minutter.',
    linkIgnore: 'Hvis du ikke har bedt om å logge inn, kan du se bort fra denne e-posten.',
    resetSubject: 'Velg et nytt passord hos {organisation}',
    resetIntro: 'Bruk lenken nedenfor for å velge et nytt passord til Min side hos {organisation}.',
    resetUsername: 'Brukernavnet ditt er {username}.',
    resetButton: 'Velg nytt passord',
    resetIgnore: 'Hvis du ikke har bedt om et nytt passord, kan du se bort fra denne e-posten: passordet ditt forblir som det er.',
    returnTitle: 'Innlogging',
    returnDone: 'Du er logget inn. Du kan gå tilbake til appen.',
    returnFailed: 'Innloggingen ble ikke fullført. Gå tilbake til appen og prøv igjen.',
  },
  nn: {
    pinSms: '{pin} er koden din for å logge inn hos {organisation}. Han gjeld i {minutes} minutt. Del han aldri med nokon.',
    linkSubject: 'Innloggingslenkja di til {organisation}',
    linkGreeting: 'Hei {name}!',
    linkIntro: 'Bruk lenkja nedanfor for å logge inn på Mi side hos {organisation}.',
    linkButton: 'Logg inn',
    linkValidity: 'Lenkja kan brukast éin gong og gjeld i {minutes} minutt.',
    linkIgnore: 'Om du ikkje har bede om å logge inn, kan du sjå bort frå denne e-posten.',
    resetSubject: 'Vel eit nytt passord hos {organisation}',
    resetIntro: 'Bruk lenkja nedanfor for å velje eit nytt passord til Mi side hos {organisation}.',
    resetUsername: 'Brukarnamnet ditt er {username}.',
    resetButton: 'Vel nytt passord',
    resetIgnore: 'Om du ikkje har bede om eit nytt passord, kan du sjå bort frå denne e-posten: passordet ditt blir verande som det er.',
    returnTitle: 'Innlogging',
    returnDone: 'Du er logga inn. Du kan gå tilbake til appen.',
    returnFailed: 'Innlogginga vart ikkje fullført. Gå tilbake til appen og prøv igjen.',
  },
  fi: {
    pinSms: '{pin} on koodisi kirjautumiseen palveluun {organisation}. Se on voimassa {minutes} minuuttia. Älä koskaan kerro sitä kenellekään.',
    linkSubject: 'Kirjautumislinkkisi palveluun {organisation}',
    linkGreeting: 'Hei {name}!',
    linkIntro: 'Kirjaudu {organisation}-palvelun Omille sivuille alla olevalla linkillä.',
    linkButton: 'Kirjaudu sisään',
    linkValidity: 'Linkkiä voi käyttää kerran, ja se on voimassa {minutes} minuuttia.',
    linkIgnore: 'Jos et pyytänyt kirjautumista, voit jättää tämän viestin huomiotta.',
    resetSubject: 'Valitse uusi salasana palveluun {organisation}',
    resetIntro: 'Valitse uusi salasana {organisation} -palvelun Omille sivuille alla olevasta linkistä.',
    resetUsername: 'Käyttäjätunnuksesi on {username}.',
    resetButton: 'Valitse uusi salasana',
    resetIgnore: 'Jos et pyytänyt uutta salasanaa, voit jättää tämän viestin huomiotta: salasanasi pysyy ennallaan.',
    returnTitle: 'Kirjautuminen',
    returnDone: 'Olet kirjautunut sisään. Voit palata sovellukseen.',
    returnFailed: 'Kirjautuminen ei onnistunut. Palaa sovellukseen ja yritä uudelleen.',
  },
  de: {
    pinSms: '{pin} ist Ihr Code für die Anmeldung bei {organisation}. Er gilt {minutes} Minuten. Geben Sie ihn niemals weiter.',
    linkSubject: 'Ihr Anmeldelink für {organisation}',
    linkGreeting: 'Hallo {name},',
    linkIntro: 'Mit dem folgenden Link melden Sie sich bei Mein Bereich von {organisation} an.',
    linkButton: 'Anmelden',
    linkValidity: 'Der Link kann einmal verwendet werden und gilt {minutes} Minuten.',
    linkIgnore: 'Wenn Sie keine Anmeldung angefordert haben, können Sie diese E-Mail ignorieren.',
    resetSubject: 'Neues Passwort für {organisation} wählen',
    resetIntro: 'Über den folgenden Link wählen Sie ein neues Passwort für Meine Seiten bei {organisation}.',
    resetUsername: 'Ihr Benutzername ist {username}.',
    resetButton: 'Neues Passwort wählen',
    resetIgnore: 'Wenn Sie kein neues Passwort angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.',
    returnTitle: 'Anmeldung',
    returnDone: 'Sie sind angemeldet. Sie können zur App zurückkehren.',
    returnFailed: 'Die Anmeldung wurde nicht abgeschlossen. Kehren Sie zur App zurück und versuchen Sie es erneut.',
  },
};

/** Fills `{placeholders}`; an unknown one stays as it is. */
export function fillSignInText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
