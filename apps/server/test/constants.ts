/** The demo data of the API tests is generated for this day, so every run sees the same data. */
export const TEST_TODAY = '2026-11-20';
export const TEMPLATE_DATABASE = 'gridline_template';
/** Migrated, with no data: for tests that create their own. */
export const EMPTY_TEMPLATE_DATABASE = 'gridline_empty';
/** The development pages' key in the API tests (decision 0019). */
export const TEST_DEV_KEY = 'test-dev-key-0123456789';
