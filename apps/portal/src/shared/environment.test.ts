import { describe, expect, it } from 'vitest';
import { environmentFromHost } from './environment.ts';

describe('environmentFromHost', () => {
  it('is local on this machine, including an organisation as a subdomain of localhost', () => {
    for (const host of ['localhost', 'solvik.localhost', 'LOCALHOST', '127.0.0.1', '::1', '[::1]']) expect(environmentFromHost(host), host).toBe('local');
  });

  it('is staging for a stage or staging label', () => {
    for (const host of ['stage.gridline.example', 'solvik.staging.gridline.example', 'solvik-stage.gridline.example', 'stage-portal.solvik.se']) {
      expect(environmentFromHost(host), host).toBe('staging');
    }
  });

  it('is develop for a dev or develop label', () => {
    for (const host of ['dev.gridline.example', 'solvik.develop.gridline.example', 'portal-dev.solvik.se']) expect(environmentFromHost(host), host).toBe('develop');
  });

  it('is production otherwise, also where a word only contains stage or dev', () => {
    for (const host of ['minasidor.solvik.se', 'solvik.gridline.example', 'backstage.example.com', 'devon-energy.example', 'localhost.example.com']) {
      expect(environmentFromHost(host), host).toBe('production');
    }
  });
});
