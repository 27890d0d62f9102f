import type { Language } from '@gridline/contracts/enums';

/**
 * The back office's test e-mail (issue 17, decision 0050): it shows staff how the organisation's
 * e-mails arrive and that their deep link opens the portal's page. `{organisation}` the
 * organisation's name, `{sender}` the staff member's e-mail.
 */
export interface TestEmailTexts {
  subject: string;
  intro: string;
  button: string;
  sentBy: string;
}

export const testEmailTexts: Readonly<Record<Language, TestEmailTexts>> = {
  en: {
    subject: 'Test e-mail from {organisation}',
    intro: 'This is a test e-mail from {organisation}. The link below opens the page it was sent for.',
    button: 'Open the page',
    sentBy: 'Sent from the back office by {sender}.',
  },
  sv: {
    subject: 'Testmejl från {organisation}',
    intro: 'Det här är ett testmejl från {organisation}. Länken nedan öppnar sidan det skickades för.',
    button: 'Öppna sidan',
    sentBy: 'Skickat från administrationen av {sender}.',
  },
  nb: {
    subject: 'Test-e-post fra {organisation}',
    intro: 'Dette er en test-e-post fra {organisation}. Lenken nedenfor åpner siden den ble sendt for.',
    button: 'Åpne siden',
    sentBy: 'Sendt fra administrasjonen av {sender}.',
  },
  nn: {
    subject: 'Test-e-post frå {organisation}',
    intro: 'Dette er ein test-e-post frå {organisation}. Lenkja nedanfor opnar sida han vart send for.',
    button: 'Opna sida',
    sentBy: 'Send frå administrasjonen av {sender}.',
  },
  fi: {
    subject: 'Testisähköposti: {organisation}',
    intro: 'Tämä on testisähköposti, jonka lähetti {organisation}. Alla oleva linkki avaa sivun, jota varten se lähetettiin.',
    button: 'Avaa sivu',
    sentBy: 'Lähettäjä hallinnasta: {sender}.',
  },
  de: {
    subject: 'Test-E-Mail von {organisation}',
    intro: 'Dies ist eine Test-E-Mail von {organisation}. Der Link unten öffnet die Seite, für die sie gesendet wurde.',
    button: 'Seite öffnen',
    sentBy: 'Aus der Verwaltung gesendet von {sender}.',
  },
};
