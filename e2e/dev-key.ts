/** The development pages' key the browser tests start the product with (DEV_KEY, decision 0019). */
export const devKey = process.env.E2E_DEV_KEY ?? 'e2e-dev-key-0123456789';
