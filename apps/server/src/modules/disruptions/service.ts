import {
  DisruptionInput,
  disruptionStatus,
  type Disruption,
  type DisruptionLevel,
  type DisruptionTarget,
  type DisruptionTexts,
  type DisruptionType,
} from '@gridline/contracts/disruptions';
import { newId } from '../../lib/ids.ts';
import type { Organisation } from '../organisations/service.ts';
import type { DisruptionRow, DisruptionsRepository } from './repository.ts';

/**
 * Disruption notices (spec 002 §3–§5, spec 000 §2.4). The portal and the app read the one in
 * force for their channel; the status of each follows from its schedule at the time of asking.
 * Writes come from the back office (not built yet) and from `npm run disruption`.
 */
export class DisruptionsService {
  private readonly repository: DisruptionsRepository;
  private readonly now: () => number;

  constructor(repository: DisruptionsRepository, now: () => number = Date.now) {
    this.repository = repository;
    this.now = now;
  }

  /** The disruption a channel shows now, or null. */
  async active(organisation: Pick<Organisation, 'id' | 'slug'>, target: DisruptionTarget): Promise<Disruption | null> {
    const now = new Date(this.now());
    const row = await this.repository.active(organisation.id, target, now);
    return row ? toDisruption(row, organisation.slug, now) : null;
  }

  async list(organisation: Pick<Organisation, 'id' | 'slug'>): Promise<Disruption[]> {
    const now = new Date(this.now());
    return (await this.repository.list(organisation.id)).map((row) => toDisruption(row, organisation.slug, now));
  }

  /** Switches the organisation's disruptions of a type on or off; answers them. */
  async setEnabledByType(organisation: Pick<Organisation, 'id' | 'slug'>, type: DisruptionType, enabled: boolean, updatedBy: string): Promise<Disruption[]> {
    const ids = (await this.repository.ofType(organisation.id, type)).map((row) => row.id);
    const now = new Date(this.now());
    return (await this.repository.setEnabled(organisation.id, ids, enabled, updatedBy)).map((row) => toDisruption(row, organisation.slug, now));
  }

  /** Creates a disruption from the back office's input, validated by the contract (throws a ZodError). */
  async create(organisation: Pick<Organisation, 'id' | 'slug'>, input: unknown): Promise<Disruption> {
    const valid = DisruptionInput.parse(input);
    const row = await this.repository.insert({
      id: newId(),
      organisation_id: organisation.id,
      name: valid.name,
      type: valid.type,
      targets: [...new Set(valid.targets)],
      title: JSON.stringify(valid.title),
      message: JSON.stringify(valid.message),
      enabled: valid.enabled,
      start_date: valid.schedule ? new Date(valid.schedule.startDate) : null,
      end_date: valid.schedule?.endDate ? new Date(valid.schedule.endDate) : null,
      level: valid.level,
      updated_by: valid.updatedBy,
    });
    return toDisruption(row, organisation.slug, new Date(this.now()));
  }
}

export function toDisruption(row: DisruptionRow, organisation: string, now: Date): Disruption {
  const schedule = row.start_date ? { startDate: row.start_date.toISOString(), endDate: row.end_date ? row.end_date.toISOString() : null } : null;
  return {
    _id: row.id,
    name: row.name,
    organisation,
    type: row.type as DisruptionType,
    targets: row.targets as DisruptionTarget[],
    title: row.title as DisruptionTexts,
    message: row.message as DisruptionTexts,
    enabled: row.enabled,
    schedule,
    status: disruptionStatus(schedule, now),
    level: row.level as DisruptionLevel,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
