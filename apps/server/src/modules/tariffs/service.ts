import { AppError } from '../../lib/errors.ts';
import type { MeasurementsRepository } from '../measurements/repository.ts';
import type { TariffAssignmentInput, TariffsRepository, TariffVersionInput } from './repository.ts';

/**
 * Tariffs of an organisation. Every change recomputes the cost of what it touches, from its
 * valid-from date on, out of the hour roll-ups (no reading is reread).
 */
export class TariffsService {
  private readonly repository: TariffsRepository;
  private readonly measurements: MeasurementsRepository;
  constructor(repository: TariffsRepository, measurements: MeasurementsRepository) {
    this.repository = repository;
    this.measurements = measurements;
  }

  create(organisationId: string, tariff: { kind: 'supply' | 'grid'; name: string; commodity?: 'electricity' | 'heating' | 'water' }): Promise<string> {
    return this.repository.create(organisationId, tariff);
  }

  async setVersion(organisationId: string, tariffId: string, version: TariffVersionInput): Promise<void> {
    const tariff = await this.repository.find(organisationId, tariffId);
    if (!tariff) throw new AppError('NOT_FOUND');
    await this.repository.upsertVersion(tariffId, version);
    await this.measurements.recomputeCost(await this.measurements.rangesForTariff(tariffId, version.validFrom));
  }

  async assign(organisationId: string, serviceId: string, assignment: TariffAssignmentInput): Promise<void> {
    const seq = await this.repository.serviceSeq(organisationId, serviceId);
    if (seq === undefined) throw new AppError('NOT_FOUND');
    for (const id of [assignment.supplyTariffId, assignment.gridTariffId]) {
      if (id !== undefined && !(await this.repository.find(organisationId, id))) throw new AppError('NOT_FOUND');
    }
    await this.repository.assign(seq, assignment);
    await this.measurements.recomputeCost([{ seq, from: await this.repository.dayStart(seq, assignment.validFrom), to: null }]);
  }
}
