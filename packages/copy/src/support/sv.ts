import type { SameKeys } from '../types.ts';
import type en from './en.ts';

const sv = {
  title: 'Meddelanden',
  nav: 'Meddelanden',
  unread_one: '{{count}} oläst meddelande',
  unread_other: '{{count}} olästa meddelanden',
  helpTitle: 'Skriv till oss',
  helpIntro: 'Skicka ett meddelande till kundservice och läs våra svar här.',
  helpLink: 'Gå till dina meddelanden',
  intro: 'Här skriver du till kundservice. Vi svarar på vardagar, oftast inom två arbetsdagar. Våra svar visas på den här sidan.',
  conversation: 'Din konversation med kundservice',
  empty: 'Du har inte skrivit till oss ännu.',
  you: 'Du',
  support: 'Kundservice',
  newAnswer: 'Nytt',
  sentAt: 'Skickat {{date}}',
  formTitle: 'Nytt meddelande',
  label: 'Ditt meddelande',
  hint: 'Högst {{max}} tecken. Skriv inte lösenord eller hela kortnummer.',
  counter: '{{count}} av {{max}} tecken',
  send: 'Skicka meddelande',
  sending: 'Skickar…',
  sent: 'Ditt meddelande har skickats. Vi svarar så snart vi kan.',
  loadError: 'Vi kunde inte hämta dina meddelanden. Försök igen.',
  retry: 'Försök igen',
  readOnly: 'Meddelanden kan inte skickas i en supportsession.',
} satisfies SameKeys<typeof en>;

export default sv;
