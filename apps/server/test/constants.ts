/** The demo data of the API tests is generated for this day, so every run sees the same data. */
export const TEST_TODAY = '2026-11-20';
export const TEMPLATE_DATABASE = 'gridline_template';
/** Migrated, with no data: for tests that create their own. */
export const EMPTY_TEMPLATE_DATABASE = 'gridline_empty';
/** The public address the test apps pretend to have (links in e-mails, exports, OpenID redirects). */
export const TEST_PUBLIC_URL = 'http://localhost:3999';
/** The development pages' key in the test apps (decision 0019). */
export const TEST_DEV_KEY = 'test-development-key-0123456789';
/** The request header that carries that key as the pages' cookie does. */
export const devKeyHeaders = { cookie: `gridline_dev_key=${TEST_DEV_KEY}` };
/** A stand-in for the built portal (apps/portal/dist): its page and one asset. */
export const FIXTURE_PORTAL_DIST = new URL('./fixtures/portal', import.meta.url).pathname;
