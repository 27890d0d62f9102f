import type { SameKeys } from '../types.ts';
import type en from './en.ts';

const nn = {
  title: 'Meldingar',
  nav: 'Meldingar',
  unread_one: '{{count}} ulesen melding',
  unread_other: '{{count}} ulesne meldingar',
  helpTitle: 'Skriv til oss',
  helpIntro: 'Send kundeservice ei melding og les svara våre her.',
  helpLink: 'Gå til meldingane dine',
  intro: 'Her skriv du til kundeservice. Vi svarar på kvardagar, som regel innan to arbeidsdagar. Svara våre blir viste på denne sida.',
  conversation: 'Samtalen din med kundeservice',
  empty: 'Du har ikkje skrive til oss enno.',
  you: 'Du',
  support: 'Kundeservice',
  newAnswer: 'Ny',
  sentAt: 'Sendt {{date}}',
  formTitle: 'Ny melding',
  label: 'Meldinga di',
  hint: 'Maks {{max}} teikn. Ikkje skriv passord eller heile kortnummer.',
  counter: '{{count}} av {{max}} teikn',
  send: 'Send melding',
  sending: 'Sender…',
  sent: 'Meldinga di er send. Vi svarar så snart vi kan.',
  loadError: 'Vi kunne ikkje hente meldingane dine. Prøv igjen.',
  retry: 'Prøv igjen',
  readOnly: 'Meldingar kan ikkje sendast i ei støtteøkt.',
} satisfies SameKeys<typeof en>;

export default nn;
