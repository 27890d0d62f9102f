import { describe, expect, it } from 'vitest';
import { initialLocation, selectableLocations, type LocationLike } from './location-rules.ts';

const A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbbbbbb';

const location = (id: string, overrides: Partial<LocationLike> = {}): LocationLike => ({
  _id: id,
  accountId: A,
  status: 'ACTIVE',
  type: 'CONSUMPTION',
  ...overrides,
});

describe('selectableLocations', () => {
  it('leaves out production sites', () => {
    const list = [location('1'), location('2', { type: 'PRODUCTION' }), location('3', { type: 'PRODUCTION_NET' })];
    expect(selectableLocations(list).map((l) => l._id)).toEqual(['1', '3']);
  });

  it('keeps only ACTIVE, ACTIVE_PROCESS and PENDING, in their order', () => {
    const statuses = [
      'DENIED', 'IN_PROCESS', 'PENDING', 'ACTIVE', 'ACTIVE_PROCESS', 'TERMINATED', 'CANCELED', 'UNDECIDED', 'DELETED',
    ] as const;
    const list = statuses.map((status) => location(status, { status }));
    expect(selectableLocations(list).map((l) => l._id)).toEqual(['PENDING', 'ACTIVE', 'ACTIVE_PROCESS']);
  });

  it('gives an empty list when nothing is selectable', () => {
    expect(selectableLocations([location('1', { status: 'TERMINATED' })])).toEqual([]);
  });
});

describe('initialLocation', () => {
  const accounts = [{ accountId: B }, { accountId: A }];

  it('selects the first location of the first account', () => {
    const list = [location('a1', { accountId: A }), location('b1', { accountId: B }), location('b2', { accountId: B })];
    expect(initialLocation(accounts, list)?._id).toBe('b1');
  });

  it('skips locations that are not selectable', () => {
    const list = [
      location('b1', { accountId: B, type: 'PRODUCTION' }),
      location('b2', { accountId: B, status: 'TERMINATED' }),
      location('a1', { accountId: A }),
    ];
    expect(initialLocation(accounts, list)?._id).toBe('a1');
  });

  it('keeps the remembered location while it is still selectable', () => {
    const list = [location('b1', { accountId: B }), location('a1', { accountId: A })];
    expect(initialLocation(accounts, list, 'a1')?._id).toBe('a1');
    expect(initialLocation(accounts, list, 'gone')?._id).toBe('b1');
    const ended = [location('b1', { accountId: B }), location('a1', { accountId: A, status: 'CANCELED' })];
    expect(initialLocation(accounts, ended, 'a1')?._id).toBe('b1');
  });

  it('falls back to the first selectable location when no account has one', () => {
    const list = [location('x', { accountId: null })];
    expect(initialLocation(accounts, list)?._id).toBe('x');
  });

  it('is null when nothing is selectable', () => {
    expect(initialLocation(accounts, [location('p', { type: 'PRODUCTION' })])).toBeNull();
    expect(initialLocation([], [])).toBeNull();
  });
});
