/**
 * The back office's texts of the rest of the bridge calls (issue 17, decision 0050): the Tools page
 * (test e-mail, clearing caches) and the premium features on the customer page. English; the
 * other languages are typed against it.
 */
const en = {
  nav: 'Tools',
  title: 'Tools',
  intro: 'Send a test e-mail to see how e-mails arrive, and clear what the server keeps in memory.',
  testEmail: {
    title: 'Send a test e-mail',
    intro: 'The e-mail carries a link to a page of the portal, on your organisation’s own address.',
    address: 'E-mail address',
    target: 'Link to',
    send: 'Send the test e-mail',
    sent: 'A test e-mail was sent to {{address}} with a link to {{link}}.',
  },
  caches: {
    title: 'Clear a cache',
    intro: 'The server keeps some data in memory for a short while. Clear it when a change made outside the back office does not show yet.',
    key: 'Cache',
    keys: {
      copy: 'Copy texts',
      settings: 'Settings and releases',
      members: 'Customers’ pages (profile, homes, invoices)',
      all: 'All of them',
    },
    scope: 'Clear for',
    everyOrganisation: 'Every organisation',
    clear: 'Clear the cache',
    confirmTitle: 'Clear {{cache}}?',
    confirmBody: 'Every server reads this data again from the database. Pages may load a little slower for a moment. Clearing it for: {{scope}}.',
    cleared: '{{cache}} cleared for {{scope}}.',
  },
  premium: {
    title: 'Premium features',
    features: {
      smartCharging: 'Smart charging',
      smartHeating: 'Smart heating',
      realtime: 'Realtime meter',
      solarProduction: 'Solar production',
      detailedInsights: 'Detailed insights',
    },
    activated: '{{feature}} is now active for customer number {{customerId}}.',
    deactivated: '{{feature}} is now off for customer number {{customerId}}.',
  },
} as const;

export default en;
