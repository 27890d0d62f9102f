import type { ContentNavigationTarget } from '@gridline/contracts/settings-modules';

/**
 * The app's pages a home item or a custom favorite can open (spec 002 §2), English: a name for
 * each code, which the editors show with the code beside it (decision 0061).
 */
const en = {
  /** The code and its name, for a screen reader and the search: "Spot price (SPOTPRICE)". */
  withCode: '{{name}} ({{code}})',
  names: {
    SPOTPRICE: 'Spot price',
    ANALYSIS: 'Analysis',
    IOT: 'Smart devices',
    IOT_PROVIDER: 'Smart device provider',
    INVOICE: 'Invoices',
    RECYCLING_CENTRAL: 'Recycling centres',
    WASTE: 'Waste collection',
    HOME: 'Home',
    ACCOUNT_PROFILE: 'Account profile',
    SITE_PROFILE: 'Site profile',
    NOTIFICATIONS: 'Notifications',
    MONTHLY_REPORT: 'Monthly report',
    EXTERNAL_URL: 'An external web page',
    DISRUPTIONS: 'Disruptions',
    REALTIME: 'Real-time consumption',
    AGREEMENTS: 'Agreements',
    MESSAGE_FEED: 'Message feed',
    MESSAGE: 'A message',
    NONE: 'Nothing (no page)',
    FAQ: 'Questions and answers',
    CONTACT_US: 'Contact us',
    SOLAR_PRODUCTION: 'Solar production',
    ELIS_TIPS: 'Energy tips',
    ANALYSIS_DETAILS: 'Analysis details',
    ANALYSIS_COMPARISON: 'Analysis comparison',
    ANALYSIS_HISTORY: 'Analysis history',
    ANALYSIS_DETAILS_COST: 'Analysis details: cost',
    ANALYSIS_DETAILS_CONSUMPTION: 'Analysis details: consumption',
    LOAD_MEASUREMENTS: 'Load measurements',
    FAMILY_SHARE: 'Family sharing',
    DEVIATIONS: 'Deviations',
    IOT_PROVIDER_BRAND_MODEL_LIST: 'Smart devices: brands and models',
    SETTINGS: 'Settings',
    IOT_HOMESIDE_DEVICE_SCREEN: 'HomeSide device',
    CONTROL_WEBVIEW: 'Control (web view)',
    MONTHLY_REPORT_SCREEN: 'Monthly report (screen)',
    PICOFROST_ONBOARDING: 'Picofrost onboarding',
  } satisfies Record<ContentNavigationTarget, string>,
};

export default en;
export type AppPagesTexts = typeof en;
