/**
 * Environment sync in the back office (issue 18, decision 0060), English: copying the live
 * settings or the secrets to another installation of the provider, and issuing the one-time token
 * an installation that sends here needs.
 */
const en = {
  title: 'Other environments',
  intro: {
    settings:
      'This is {{environment}}. Copy what is live here to a test environment, so that it shows the same theme, flags, modules, configurations and favorites.',
    secrets: 'This is {{environment}}. Copy the secrets you manage to a test environment; they travel encrypted and are sealed again there.',
  },
  environments: { production: 'Production', staging: 'Staging', develop: 'Develop', local: 'Local' },
  send: {
    title: 'Copy to another environment',
    noTargets: 'No other environment is configured for this installation. Your operations team can name them in SYNC_TARGETS.',
    target: 'Target environment',
    choose: 'Choose an environment',
    targetRequired: 'Choose where to copy to.',
    token: 'Sync token from the target',
    tokenHelp: 'Sign in to the target environment, issue a token on this page there, and paste it here. It works once and for 15 minutes.',
    tokenRequired: 'Paste the token the target issued.',
    submit: { settings: 'Copy the live settings', secrets: 'Copy the secrets' },
    failed: 'Nothing was copied',
    reason: 'The target said: {{reason}}',
  },
  receive: {
    title: 'Receive from another environment',
    intro: 'Issue a one-time token here and paste it in the environment that sends to {{environment}}. What arrives is published and audited in your name.',
    issue: 'Issue a sync token',
    token: 'Sync token (valid once until {{time}})',
    copy: 'Copy the token',
    copied: 'Copied',
    forget: 'Hide the token',
    failed: 'No token was issued',
  },
  confirm: {
    title: { settings: 'Copy the live settings to {{environment}}?', secrets: 'Copy the secrets to {{environment}}?' },
    body: {
      settings: '{{environment}} publishes the settings that are live here, with their images, as its next version. Its own drafts stay.',
      secrets: '{{environment}} replaces its values of the secrets you manage with the values held here.',
    },
  },
  sentSettings: '{{environment}} published them as version {{version}}.',
  alreadyThere: '{{environment}} already has these settings live.',
  sentSecrets: '{{count}} secrets copied to {{environment}}: {{keys}}',
};

export default en;
export type EnvironmentSyncTexts = typeof en;
