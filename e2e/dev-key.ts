/**
 * The development pages' key of the product the browser tests start (DEV_KEY, decision 0019):
 * fixed, so that the tests can open /dev/bankid and the outbox as a tester opens the banner's links.
 */
export const E2E_DEV_KEY = 'e2e-development-pages-key-0123456789';
