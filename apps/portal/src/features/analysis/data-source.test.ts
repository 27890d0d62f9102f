import { describe, expect, it } from 'vitest';
import type { Location } from '@gridline/contracts/locations';
import { productionSourceOf } from './data-source.ts';

const location = (id: string, type: Location['type'], address: string, services: Array<[string, Location['type']]>, accountId = 'a'.repeat(24)): Location =>
  ({
    _id: id.repeat(24),
    accountId,
    type,
    position: { address, zipcode: '724 66', city: 'Västerås' },
    services: services.map(([sid, stype]) => ({ _id: sid.repeat(24), type: stype })),
  }) as unknown as Location;

describe('where production is read', () => {
  const home = location('1', 'CONSUMPTION', 'Björnövägen 17', [['s', 'CONSUMPTION']]);
  const panels = location('2', 'PRODUCTION', 'Björnövägen 17', [['g', 'PRODUCTION_NET'], ['p', 'PRODUCTION']]);

  it('is the production site of the same account at the same address', () => {
    expect(productionSourceOf(home, [home, panels])).toEqual({ locationId: '2'.repeat(24), serviceId: 'p'.repeat(24) });
  });

  it('is the location’s own production service first', () => {
    const both = location('3', 'CONSUMPTION', 'Sjövägen 14', [['c', 'CONSUMPTION'], ['q', 'PRODUCTION']]);
    expect(productionSourceOf(both, [both, panels])).toEqual({ locationId: '3'.repeat(24), serviceId: 'q'.repeat(24) });
  });

  it('is nothing for another address or another account', () => {
    const elsewhere = location('4', 'PRODUCTION', 'Sjövägen 14', [['p', 'PRODUCTION']]);
    const otherAccount = location('5', 'PRODUCTION', 'Björnövägen 17', [['p', 'PRODUCTION']], 'b'.repeat(24));
    expect(productionSourceOf(home, [home, elsewhere, otherAccount])).toBeNull();
  });
});
