import type { Db } from '../../db/database.ts';

export class OrganisationsRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  findBySlug(slug: string) {
    return this.db.selectFrom('organisations').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  findById(id: string) {
    return this.db.selectFrom('organisations').select(['id', 'slug', 'name']).where('id', '=', id).executeTakeFirst();
  }

  setStaffSecondFactor(id: string, required: boolean) {
    return this.db.updateTable('organisations').set({ staff_second_factor: required }).where('id', '=', id).execute();
  }

  setAuditRetentionDays(id: string, days: number) {
    return this.db.updateTable('organisations').set({ audit_retention_days: days }).where('id', '=', id).execute();
  }

  list() {
    return this.db.selectFrom('organisations').selectAll().orderBy('created_at').orderBy('slug').execute();
  }
}
