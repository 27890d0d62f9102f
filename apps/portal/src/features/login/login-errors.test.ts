import { describe, expect, it } from 'vitest';
import { loginErrorPlace } from './login-errors.ts';

describe('loginErrorPlace', () => {
  it('shows a missing account under the username and a wrong password under the password', () => {
    expect(loginErrorPlace('USER_NOT_FOUND')).toBe('username');
    expect(loginErrorPlace('WRONG_PASSWORD')).toBe('password');
  });

  it('shows every other error above the form', () => {
    expect(loginErrorPlace('TOO_MANY_ATTEMPTS')).toBe('form');
    expect(loginErrorPlace('couldNotConnectToServer')).toBe('form');
    expect(loginErrorPlace(null)).toBe('form');
  });
});
