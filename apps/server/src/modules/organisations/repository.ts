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
    return this.db.selectFrom('organisations').select(['id', 'slug']).where('id', '=', id).executeTakeFirst();
  }

  list() {
    return this.db.selectFrom('organisations').selectAll().orderBy('created_at').orderBy('slug').execute();
  }
}
