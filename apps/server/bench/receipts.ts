// Receipt drawing (issue #21: time to build a 15-receipt zip step and a 50-row PDF): the server's
// share of /createImgZip (one receiptImages call draws RECEIPT_ZIP_BATCH PNGs) and of 导出PDF,
// each beside a baseline of the same run — one receipt, a one-row PDF — so the figure reads as a
// ratio on whatever machine runs it. Wall time and the process's CPU time (user + system), median
// of BENCH_ROUNDS after warm-up. Drawing only: the rows come from memory (reading 50 rows of one
// job or report is a single indexed query, well under the drawing's cost).
//
//   npm run bench:receipts            (BENCH_ROUNDS=10 by default; UV_THREADPOOL_SIZE sets the
//                                     rasterising threads, 4 by default)
import { PRINT_ROWS_PER_SHEET, RECEIPT_ZIP_BATCH } from '@apimarket/contracts';
import { receiptPng } from '../src/modules/receipts/receipt-image';
import { receiptPdf } from '../src/modules/receipts/receipt-pdf';
import type { ReceiptRow } from '../src/modules/receipts/receipts.service';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PLATFORM = '数据API市场（示例：某某数据科技（上海）有限公司）';
const COLUMNS = [
  { name: 'name', label: '姓名' },
  { name: 'idcard', label: '身份证号' },
];
const NAMES = ['张三', '李四', '王五', '赵六', '孙七', '周八', '吴九', '郑十'];

function row(i: number): ReceiptRow {
  const at = new Date(Date.UTC(2026, 10, 20, 2, 0, i));
  return {
    rowNo: i + 1,
    interfaceId: 1882,
    interfaceName: '身份证二要素核验',
    params: { name: `${NAMES[i % NAMES.length]?.[0] ?? '张'}*`, idcard: `110101********${String(1000 + i).slice(-4)}` },
    code: '10000',
    message: '成功',
    data: { result: i % 4 === 3 ? '2' : '1' },
    verdict: i % 4 === 3 ? '验证不一致' : '验证一致',
    verified: i % 4 !== 3,
    seqNo: (0xa1b2c3d4e5n + BigInt(i)).toString(16).toUpperCase().padStart(20, '0'),
    requestedAt: at,
    answeredAt: new Date(at.getTime() + 180),
  };
}

const tableRow = (r: ReceiptRow) => [
  String(r.rowNo),
  r.interfaceName,
  r.params.name ?? '',
  r.params.idcard ?? '',
  r.verdict,
  '2026-11-20 10:00:00',
  '2026-11-20 10:00:00',
  r.seqNo,
];
const LABELS = ['序号', '核验项目', '姓名', '身份证号', '核验结果', '请求时间', '回执时间', '订单号'];

/** One step as receiptImages draws it: every receipt at once, rasterised on the libuv pool. */
async function images(n: number): Promise<number> {
  const pngs = await Promise.all(
    Array.from({ length: n }, (_, i) => receiptPng({ row: row(i), columns: COLUMNS, platform: PLATFORM, watermark: '某某科技有限公司 2026-11-26 15:00' })),
  );
  return pngs.reduce((sum, p) => sum + p.length, 0);
}

async function pdf(n: number): Promise<number> {
  const rows = Array.from({ length: n }, (_, i) => tableRow(row(i)));
  return (await receiptPdf({ title: '个人背景核查信息', jobName: '入职名单', platform: PLATFORM, labels: LABELS, rows, verdictColumn: 4 })).length;
}

interface Figure {
  wallMs: number;
  cpuMs: number;
  bytes: number;
}

async function measure(fn: () => Promise<number>): Promise<Figure> {
  await fn(); // warm-up: font files mapped, glyph tables read
  const walls: number[] = [];
  const cpus: number[] = [];
  let bytes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const cpu = process.cpuUsage();
    const t = process.hrtime.bigint();
    bytes = await fn();
    walls.push(Number(process.hrtime.bigint() - t) / 1e6);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  return { wallMs: median(walls), cpuMs: median(cpus), bytes };
}

const fmt = (f: Figure) =>
  `${f.wallMs.toFixed(0).padStart(6)} ms wall  ${f.cpuMs.toFixed(0).padStart(6)} ms CPU  ${(f.bytes / 1024).toFixed(0).padStart(6)} KB`;

const one = await measure(() => images(1));
const step = await measure(() => images(RECEIPT_ZIP_BATCH));
const pdf1 = await measure(() => pdf(1));
const pdf50 = await measure(() => pdf(PRINT_ROWS_PER_SHEET));

console.log(`receipts bench — median of ${ROUNDS} rounds, node ${process.version}`);
console.log(`1 receipt PNG (baseline)        ${fmt(one)}`);
console.log(
  `${RECEIPT_ZIP_BATCH} receipt PNGs (one zip step)  ${fmt(step)}   ×${(step.wallMs / one.wallMs).toFixed(1)} of baseline, ${(step.wallMs / RECEIPT_ZIP_BATCH).toFixed(0)} ms each`,
);
console.log(`1-row PDF (baseline)            ${fmt(pdf1)}`);
console.log(`${PRINT_ROWS_PER_SHEET}-row PDF                      ${fmt(pdf50)}   ×${(pdf50.wallMs / pdf1.wallMs).toFixed(1)} of baseline`);
