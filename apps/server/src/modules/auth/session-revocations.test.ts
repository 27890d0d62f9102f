import { describe, expect, it } from 'vitest';
import { SessionRevocations } from './session-revocations.ts';

describe('SessionRevocations', () => {
  it('asks the database once for the calls that arrive together, and again after the live time', async () => {
    let asked = 0;
    let now = 0;
    const sessions = new SessionRevocations({ isFamilyRevoked: async () => (asked++, false) }, { liveTtlMs: 5_000, now: () => now });
    expect(await Promise.all(Array.from({ length: 200 }, () => sessions.isRevoked('family')))).toEqual(Array(200).fill(false));
    expect(asked).toBe(1);
    now = 4_999;
    await sessions.isRevoked('family');
    expect(asked).toBe(1);
    now = 5_000;
    await Promise.all([sessions.isRevoked('family'), sessions.isRevoked('family')]);
    expect(asked).toBe(2);
  });

  it('refuses a family revoked here at once, also to calls that were waiting for the database', async () => {
    let answer!: (revoked: boolean) => void;
    const sessions = new SessionRevocations({ isFamilyRevoked: () => new Promise<boolean>((resolve) => (answer = resolve)) });
    const waiting = sessions.isRevoked('family');
    sessions.markRevoked('family');
    answer(false);
    expect(await waiting).toBe(true);
    expect(await sessions.isRevoked('family')).toBe(true);
  });
});
