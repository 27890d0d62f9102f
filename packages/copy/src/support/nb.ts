import type { SameKeys } from '../types.ts';
import type en from './en.ts';

const nb = {
  title: 'Meldinger',
  nav: 'Meldinger',
  unread_one: '{{count}} ulest melding',
  unread_other: '{{count}} uleste meldinger',
  helpTitle: 'Skriv til oss',
  helpIntro: 'Send kundeservice en melding og les svarene våre her.',
  helpLink: 'Gå til meldingene dine',
  intro: 'Her skriver du til kundeservice. Vi svarer på hverdager, som regel innen to virkedager. Svarene våre vises på denne siden.',
  conversation: 'Samtalen din med kundeservice',
  empty: 'Du har ikke skrevet til oss ennå.',
  you: 'Du',
  support: 'Kundeservice',
  newAnswer: 'Ny',
  sentAt: 'Sendt {{date}}',
  formTitle: 'Ny melding',
  label: 'Meldingen din',
  hint: 'Maks {{max}} tegn. Ikke skriv passord eller hele kortnumre.',
  counter: '{{count}} av {{max}} tegn',
  send: 'Send melding',
  sending: 'Sender…',
  sent: 'Meldingen din er sendt. Vi svarer så snart vi kan.',
  loadError: 'Vi kunne ikke hente meldingene dine. Prøv igjen.',
  retry: 'Prøv igjen',
  readOnly: 'Meldinger kan ikke sendes i en støtteøkt.',
} satisfies SameKeys<typeof en>;

export default nb;
