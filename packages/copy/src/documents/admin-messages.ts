import type { Language } from '@gridline/contracts/enums';

/**
 * The e-mails the back office sends its staff (issue 16): the admin-created e-mail with a link to
 * set a first password, and the password reset link. `{organisation}` the organisation's name (or
 * the platform's), `{name}` the admin's first name, `{hours}` how long the link works.
 */
export interface AdminMessageTexts {
  createdSubject: string;
  createdIntro: string;
  createdButton: string;
  resetSubject: string;
  resetIntro: string;
  resetButton: string;
  greeting: string;
  validity: string;
  /** The same for a link of one hour (a reset), worded for the singular. */
  validityOneHour: string;
  ignore: string;
  /** A change request's schedule was suspended because its drafts changed (decision 0054): `{title}` the request's title. */
  suspendedSubject: string;
  suspendedIntro: string;
  suspendedButton: string;
}

export const adminMessageTexts: Readonly<Record<Language, AdminMessageTexts>> = {
  en: {
    createdSubject: 'Your back-office account at {organisation}',
    createdIntro: 'An account in the back office of {organisation} has been created for you. Choose your password with the link below.',
    createdButton: 'Choose a password',
    resetSubject: 'Reset your back-office password at {organisation}',
    resetIntro: 'Someone asked to reset the password of your back-office account at {organisation}. Choose a new password with the link below.',
    resetButton: 'Choose a new password',
    greeting: 'Hello {name},',
    validity: 'The link can be used once and works for {hours} hours.',
    validityOneHour: 'The link can be used once and works for one hour.',
    ignore: 'If you did not expect this e-mail, you can ignore it; nothing changes.',
    suspendedSubject: 'A scheduled release at {organisation} was not published',
    suspendedIntro: 'The drafts of your change request \u201c{title}\u201d changed after it was scheduled, so it will not be published at its time. Look at the changes and schedule it again.',
    suspendedButton: 'Open the releases',
  },
  sv: {
    createdSubject: 'Ditt konto i administrationen hos {organisation}',
    createdIntro: 'Ett konto i administrationen hos {organisation} har skapats åt dig. Välj ditt lösenord med länken nedan.',
    createdButton: 'Välj lösenord',
    resetSubject: 'Återställ ditt lösenord till administrationen hos {organisation}',
    resetIntro: 'Någon har bett om att återställa lösenordet till ditt konto i administrationen hos {organisation}. Välj ett nytt lösenord med länken nedan.',
    resetButton: 'Välj nytt lösenord',
    greeting: 'Hej {name}!',
    validity: 'Länken kan användas en gång och gäller i {hours} timmar.',
    validityOneHour: 'Länken kan användas en gång och gäller i en timme.',
    ignore: 'Om du inte väntade dig detta e-postmeddelande kan du bortse från det; ingenting ändras.',
    suspendedSubject: 'En schemalagd publicering hos {organisation} publicerades inte',
    suspendedIntro: 'Utkasten i din ändringsbegäran \u201d{title}\u201d ändrades efter att den schemalades, så den publiceras inte på utsatt tid. Titta på ändringarna och schemalägg den igen.',
    suspendedButton: 'Öppna publiceringarna',
  },
  nb: {
    createdSubject: 'Din konto i administrasjonen hos {organisation}',
    createdIntro: 'Det er opprettet en konto for deg i administrasjonen hos {organisation}. Velg passordet ditt med lenken nedenfor.',
    createdButton: 'Velg passord',
    resetSubject: 'Tilbakestill passordet til administrasjonen hos {organisation}',
    resetIntro: 'Noen har bedt om å tilbakestille passordet til kontoen din i administrasjonen hos {organisation}. Velg et nytt passord med lenken nedenfor.',
    resetButton: 'Velg nytt passord',
    greeting: 'Hei {name},',
    validity: 'Lenken kan brukes én gang og virker i {hours} timer.',
    validityOneHour: 'Lenken kan brukes én gang og virker i én time.',
    ignore: 'Hvis du ikke ventet denne e-posten, kan du se bort fra den; ingenting endres.',
    suspendedSubject: 'En planlagt publisering hos {organisation} ble ikke publisert',
    suspendedIntro: 'Utkastene i endringsforespørselen din «{title}» ble endret etter at den ble planlagt, så den blir ikke publisert til fastsatt tid. Se på endringene og planlegg den på nytt.',
    suspendedButton: 'Åpne publiseringene',
  },
  nn: {
    createdSubject: 'Kontoen din i administrasjonen hos {organisation}',
    createdIntro: 'Det er oppretta ein konto til deg i administrasjonen hos {organisation}. Vel passordet ditt med lenkja nedanfor.',
    createdButton: 'Vel passord',
    resetSubject: 'Tilbakestill passordet til administrasjonen hos {organisation}',
    resetIntro: 'Nokon har bede om å tilbakestille passordet til kontoen din i administrasjonen hos {organisation}. Vel eit nytt passord med lenkja nedanfor.',
    resetButton: 'Vel nytt passord',
    greeting: 'Hei {name},',
    validity: 'Lenkja kan brukast éin gong og verkar i {hours} timar.',
    validityOneHour: 'Lenkja kan brukast éin gong og verkar i éin time.',
    ignore: 'Om du ikkje venta denne e-posten, kan du sjå bort frå han; ingenting vert endra.',
    suspendedSubject: 'Ei planlagd publisering hos {organisation} vart ikkje publisert',
    suspendedIntro: 'Utkasta i endringsførespurnaden din «{title}» vart endra etter at han vart planlagd, så han blir ikkje publisert til fastsett tid. Sjå på endringane og planlegg han på nytt.',
    suspendedButton: 'Opne publiseringane',
  },
  fi: {
    createdSubject: 'Käyttäjätilisi palveluntarjoajan {organisation} hallintaan',
    createdIntro: 'Sinulle on luotu käyttäjätili palveluntarjoajan {organisation} hallintaan. Valitse salasanasi alla olevasta linkistä.',
    createdButton: 'Valitse salasana',
    resetSubject: 'Palauta salasanasi palveluntarjoajan {organisation} hallintaan',
    resetIntro: 'Joku on pyytänyt palauttamaan hallintatilisi salasanan palveluntarjoajalla {organisation}. Valitse uusi salasana alla olevasta linkistä.',
    resetButton: 'Valitse uusi salasana',
    greeting: 'Hei {name},',
    validity: 'Linkkiä voi käyttää kerran, ja se on voimassa {hours} tuntia.',
    validityOneHour: 'Linkkiä voi käyttää kerran, ja se on voimassa tunnin.',
    ignore: 'Jos et odottanut tätä viestiä, voit jättää sen huomiotta; mikään ei muutu.',
    suspendedSubject: 'Ajastettua julkaisua ei julkaistu – {organisation}',
    suspendedIntro: 'Muutospyyntösi \u201d{title}\u201d luonnokset muuttuivat ajastuksen jälkeen, joten sitä ei julkaista ajallaan. Tarkista muutokset ja ajasta se uudelleen.',
    suspendedButton: 'Avaa julkaisut',
  },
  de: {
    createdSubject: 'Ihr Zugang zur Verwaltung von {organisation}',
    createdIntro: 'Für Sie wurde ein Zugang zur Verwaltung von {organisation} angelegt. Wählen Sie Ihr Passwort über den folgenden Link.',
    createdButton: 'Passwort wählen',
    resetSubject: 'Passwort für die Verwaltung von {organisation} zurücksetzen',
    resetIntro: 'Jemand hat darum gebeten, das Passwort Ihres Zugangs zur Verwaltung von {organisation} zurückzusetzen. Wählen Sie über den folgenden Link ein neues Passwort.',
    resetButton: 'Neues Passwort wählen',
    greeting: 'Hallo {name},',
    validity: 'Der Link kann einmal verwendet werden und gilt {hours} Stunden.',
    validityOneHour: 'Der Link kann einmal verwendet werden und gilt eine Stunde.',
    ignore: 'Wenn Sie diese E-Mail nicht erwartet haben, können Sie sie ignorieren; es ändert sich nichts.',
    suspendedSubject: 'Eine geplante Veröffentlichung bei {organisation} wurde nicht veröffentlicht',
    suspendedIntro: 'Die Entwürfe Ihrer Änderungsanfrage \u201e{title}\u201c wurden nach der Planung geändert, daher wird sie nicht zum geplanten Zeitpunkt veröffentlicht. Prüfen Sie die Änderungen und planen Sie sie erneut.',
    suspendedButton: 'Veröffentlichungen öffnen',
  },
};

/** Fills `{name}` placeholders. */
export function fillAdminText(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
