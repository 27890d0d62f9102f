/**
 * The portal's support messages (issue 17, decision 0047), English: the `messages` group of
 * `my-pages`. The other languages are typed against it (`SameKeys`).
 */
const en = {
  title: 'Messages',
  nav: 'Messages',
  unread_one: '{{count}} unread message',
  unread_other: '{{count}} unread messages',
  helpTitle: 'Write to us',
  helpIntro: 'Send customer service a message and read our answers here.',
  helpLink: 'Go to your messages',
  intro: 'Write to customer service here. We answer on weekdays, usually within two working days. Our answers show up on this page.',
  conversation: 'Your conversation with customer service',
  empty: 'You have not written to us yet.',
  you: 'You',
  support: 'Customer service',
  newAnswer: 'New',
  sentAt: 'Sent {{date}}',
  formTitle: 'New message',
  label: 'Your message',
  hint: 'At most {{max}} characters. Please do not write passwords or full card numbers.',
  counter: '{{count}} of {{max}} characters',
  send: 'Send message',
  sending: 'Sending…',
  sent: 'Your message was sent. We will answer as soon as we can.',
  loadError: 'We could not load your messages. Please try again.',
  retry: 'Try again',
  readOnly: 'Messages cannot be sent in a support session.',
};

export default en;
