// Keeps the list columns of interfaces (price_from, label_names) in step with their packages
// and labels. Whatever changes packages or labels (seed, console) calls this afterwards.
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { interfaces } from '../../db/schema';
import { forgetCatalogueTotals } from './interface.service';

export async function refreshListing(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  forgetCatalogueTotals();
  await db
    .update(interfaces)
    .set({
      priceFrom: sql`(select min(p.price_fen) from price_packages p where p.interface_id = ${interfaces.id} and p.on_sale)`,
      labelNames: sql`coalesce((select jsonb_agg(l.label_name order by l.sort) from interface_labels il join labels l on l.id = il.label_id where il.interface_id = ${interfaces.id}), '[]'::jsonb)`,
    })
    .where(inArray(interfaces.id, ids));
}
