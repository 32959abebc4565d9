import type { Executor } from '../db/database';
import { organisations } from '../db/schema';

export async function insertOrganisation(db: Executor, values: { name: string; contactEmail: string }): Promise<string> {
  const [organisation] = await db.insert(organisations).values(values).returning({ id: organisations.id });
  if (!organisation) throw new Error('Creating an organisation returned no row');
  return organisation.id;
}
