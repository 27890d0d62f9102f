import type { Db } from '../../db/database.ts';

export class InboxRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** How many of the ids are users of the organisation. */
  async countUsers(organisationId: string, userIds: readonly string[]): Promise<number> {
    if (userIds.length === 0) return 0;
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organisation_id', '=', organisationId)
      .where('id', 'in', [...userIds])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
