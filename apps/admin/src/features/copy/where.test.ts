import { describe, expect, it } from 'vitest';
import { portalUrl, whereTextAppears } from './where.ts';

describe('where a copy text appears', () => {
  it("names the portal's page from a my-pages key's first segment, with its address", () => {
    expect(whereTextAppears('my-pages', 'dashboard.title')).toEqual({ label: 'copyTexts.where.page', values: { pageKey: 'copyTexts.where.pages.dashboard' }, portalPath: '/dashboard' });
    expect(whereTextAppears('my-pages', 'login.title').portalPath).toBe('/login');
    expect(whereTextAppears('my-pages', 'nav.invoices')).toEqual({ label: 'copyTexts.where.portal', portalPath: '/dashboard' });
    expect(whereTextAppears('shared', 'errors.WRONG_PASSWORD').portalPath).toBe('/login');
    expect(whereTextAppears('mail', 'welcome.subject')).toEqual({ label: 'copyTexts.where.mail' });
  });

  it("opens the organisation's own host", () => {
    const here = { protocol: 'http:', hostname: 'solvik.localhost', port: '3110' };
    expect(portalUrl(here, 'koivu', ['solvik', 'koivu'], '/dashboard')).toBe('http://koivu.localhost:3110/dashboard');
    expect(portalUrl({ protocol: 'https:', hostname: 'admin.example.com', port: '' }, 'solvik', ['solvik'], '/login')).toBe('https://solvik.admin.example.com/login');
  });
});
