// myOrder/list with export=1: the orders of the same filters as an xlsx workbook (Chinese headers,
// amounts in 元, China times), at most ORDER_EXPORT_MAX rows — more is refused, not cut short.
import { chinaClock, chinaDay, ORDER_EXPORT_MAX, type OrderListInput, PURCHASE_MSG } from '@apimarket/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { sendXlsx } from '../../http/download';
import type { Db } from '../../db/client';
import { interfaces, orders } from '../../db/schema';
import { Invalid } from '../../http/errors';
import type { Account } from '../account/access';
import { orderFilter, orderQuery, orderView } from '../billing/billing.service';
import { loadExcel } from '../../files';

export const ORDER_EXPORT_COLUMNS = ['订单号', '接口名称', '调用次数', '有效期（天）', '金额（元）', '订单状态', '退款状态', '下单时间', '支付时间'] as const;

const when = (iso: string | null) => (iso ? chinaClock(new Date(iso)) : '');

/** myOrder/list with export=1: the orders of the filter as 我的订单-yyyyMMdd.xlsx. */
export function sendOrderExport(reply: FastifyReply, file: Buffer): FastifyReply {
  return sendXlsx(reply, file, 'orders.xlsx', exportFileName());
}

/** The file name the browser saves: 我的订单-yyyyMMdd.xlsx (China day). */
export function exportFileName(now = new Date()): string {
  return `我的订单-${chinaDay(now).replaceAll('-', '')}.xlsx`;
}

export async function exportOrders(db: Db, account: Account, f: OrderListInput): Promise<Buffer> {
  const where = orderFilter(account, f);
  const [total] = await db.select({ n: count() }).from(orders).innerJoin(interfaces, eq(interfaces.id, orders.interfaceId)).where(where);
  if ((total?.n ?? 0) > ORDER_EXPORT_MAX) throw new Invalid(PURCHASE_MSG.exportTooMany);
  const rows = (await orderQuery(db).where(where).orderBy(desc(orders.id)).limit(ORDER_EXPORT_MAX)).map(orderView);

  const book = new (await loadExcel()).Workbook();
  book.creator = '数据API市场';
  book.created = new Date();
  const sheet = book.addWorksheet('我的订单', { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = [26, 24, 12, 12, 14, 10, 12, 20, 20];
  sheet.columns = ORDER_EXPORT_COLUMNS.map((header, i) => ({ header, width: widths[i] ?? 14 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn(5).numFmt = '#,##0.00';
  for (const r of rows) {
    sheet.addRow([r.orderNo, r.interfaceName, r.calls, r.validityDays, r.priceFen / 100, r.statusLabel, r.refundLabel, when(r.createdAt), when(r.paidAt)]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
