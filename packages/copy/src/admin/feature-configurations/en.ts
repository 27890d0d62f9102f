/**
 * The back office's Feature configurations area (issue 18, decision 0057), English. The labels of
 * the known configurations and their fields are keyed by the configuration's and the field's keys.
 */
const en = {
  nav: 'Feature configurations',
  title: 'Feature configurations',
  intro: 'Settings of integrations and customer support. Each field says who may change it and whether customers can see it.',
  loading: 'Loading the configurations…',
  empty: 'There are no configurations to edit.',
  categories: {
    apiIntegration: 'API integration',
    customerSupport: 'Customer support',
    bridge: 'Back office',
    brightNativeIntegrations: 'Native integrations',
    reports: 'Reports',
  },
  privateCategory: 'Never shown to customers.',
  public: 'Public',
  protected: 'Protected',
  publicHint: 'Customers can see this value.',
  protectedHint: 'Only staff and the platform see this value.',
  readOnly: 'Read only',
  readOnlyHint: 'Your role ({{scope}}) may read this field but not change it.',
  readOnlyAll: 'Set by the platform. No one can change it here.',
  range: 'From {{min}} to {{max}}',
  enabled: 'Enabled',
  changed: 'The draft differs from what is live.',
  unchanged: 'The draft is the same as what is live.',
  saveFailed: 'The draft was not saved.',
  save: 'Save draft',
  saved: 'The draft is saved. Publish it on the Releases page.',
  discard: 'Discard draft',
  discarded: 'The draft is discarded.',
  reload: 'Reload the draft',
  stale: 'Someone else changed this draft after you opened it. Reload to see their changes; your changes here will be lost.',
  fixErrors: 'Some fields need your attention. They are marked below.',
  releaseIssues: 'Before publishing, these rules must be met:',
  toReleases: 'Go to Releases to publish',
  notSupported: 'This kind of field cannot be edited here yet.',
  configurations: {
    customerSupport: { label: 'Customer support', description: 'How customers reach support.' },
    generalIntegration: { label: 'General integration', description: "How the organisation's own systems are integrated." },
    wasteIntegration: { label: 'Waste integration', description: 'Where waste collection events come from and how many the app shows.' },
    homeside: { label: 'Homeside', description: 'The Homeside heating integration.' },
    ngenic: { label: 'Ngenic', description: 'The Ngenic heating integration.' },
  },
  fields: {
    customerSupport: {
      accessibilityEmail: { label: 'Accessibility support e-mail', description: 'Where customers write about the accessibility of the app and the portal.' },
    },
    generalIntegration: {
      supportedServiceTypes: { label: 'Supported service types', description: 'The service types the integration delivers.' },
      environmentsAllowingUserUpdates: {
        label: 'Environments allowing user updates',
        description: 'Where customers may change their details through the integration.',
      },
      validateResponse: { label: 'Validate responses', description: "Check the integration's answers against their schema." },
      sendValidationResultsToLogger: { label: 'Send validation results to the log', description: 'Write each check of an answer to the log.' },
    },
    wasteIntegration: {
      environment: { label: 'Environment', description: 'Fetch from the production service or from a test service.' },
      pathSuffix: { label: 'Path suffix', description: "Added to the waste service's address." },
      testBaseUrl: { label: 'Test base URL', description: 'The address of the test service.' },
      historicalMonths: { label: 'Months of history', description: 'How many months back collection events are fetched.' },
      upcomingEventsToFetch: { label: 'Upcoming events to fetch', description: 'How many coming collection events are fetched.' },
      maxUpcomingToShow: { label: 'Upcoming events to show', description: 'How many coming collections the app shows.' },
      maxHistoricalToShow: { label: 'Past events to show', description: 'How many past collections the app shows.' },
    },
    homeside: {
      accountName: { label: 'Account name', description: "The organisation's account at Homeside." },
    },
  },
};

export default en;
