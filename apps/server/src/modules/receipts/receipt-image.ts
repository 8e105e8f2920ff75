// One receipt as a PNG: drawn as SVG here and rasterised by resvg, its text set in Noto Sans SC
// (the font of @embedpdf/fonts-sc, the statement PDF's) so every receipt looks the same whatever
// browser or system asked for it. A page a customer files: who issued it, what was checked, the
// masked subject, the result in the verification wording, both times and the order number.
//
// The text goes into the SVG as glyph outlines taken from the font with fontkit, loaded once per
// process. resvg-js 2.x would otherwise read both 8 MB font files for every image and look the
// font up for every text node: about 370 ms a receipt against about 60 ms this way (bench/receipts.ts).
import { createRequire } from 'node:module';
import path from 'node:path';
import { chinaClock, VERDICT } from '@apimarket/contracts';
import { renderAsync } from '@resvg/resvg-js';
import type * as fontkit from 'fontkit';
import type { ReceiptRow } from './receipts.service';

const FONT_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '../fonts');

interface Face {
  font: fontkit.Font;
  /** Each glyph's outline (font units, y up) and advance, read once. */
  glyphs: Map<number, { d: string; advance: number }>;
}
let faces: { regular: Face; bold: Face } | null = null;

/** The two faces, opened on the first receipt and kept for the life of the process. */
function face(bold: boolean): Face {
  if (!faces) {
    // fontkit is required here, not imported above: only a process that draws a receipt loads it.
    const kit = createRequire(import.meta.url)('fontkit') as typeof fontkit;
    faces = {
      regular: { font: kit.openSync(path.join(FONT_DIR, 'NotoSansHans-Regular.otf')), glyphs: new Map() },
      bold: { font: kit.openSync(path.join(FONT_DIR, 'NotoSansHans-Bold.otf')), glyphs: new Map() },
    };
  }
  return bold ? faces.bold : faces.regular;
}

function glyph(f: Face, ch: string): { d: string; advance: number } {
  const cp = ch.codePointAt(0) ?? 0x20;
  let g = f.glyphs.get(cp);
  if (!g) {
    const found = f.font.glyphForCodePoint(cp);
    g = { d: found.path.toSVG(), advance: found.advanceWidth };
    f.glyphs.set(cp, g);
  }
  return g;
}

/** Width in px of a line at `size` px. */
function measure(s: string, size: number, bold = false): number {
  const f = face(bold);
  let w = 0;
  for (const ch of s) w += glyph(f, ch).advance;
  return (w * size) / f.font.unitsPerEm;
}

const WIDTH = 750;
const PAD = 48;
/** Rendered at 1.6×: 1200 px wide, sharp when printed at A5 and small enough for 15 in one answer. */
const ZOOM = 1.6;

const COLOR = {
  primary: '#1d5cff',
  text: '#1b2333',
  secondary: '#556070',
  line: '#e3e7ef',
  consistent: { fg: '#0b7a3b', bg: '#e9f6ee' },
  inconsistent: { fg: '#c0392b', bg: '#fdecea' },
  other: { fg: '#1b2333', bg: '#f3f5f9' },
};

/** Lines of at most `width` px at `size` px, breaking anywhere (receipt values have few spaces). */
export function wrap(text: string, size: number, width: number, maxLines = 4, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const ch of text) {
    const w = measure(ch, size, bold);
    if (used + w > width && line) {
      lines.push(line);
      line = '';
      used = 0;
    }
    line += ch;
    used += w;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${(kept[maxLines - 1] ?? '').slice(0, -1)}…`;
    return kept;
  }
  return lines.length > 0 ? lines : [''];
}

interface Draw {
  row: ReceiptRow;
  columns: ReadonlyArray<{ name: string; label: string }>;
  /** Who issued it: the site and its operator. */
  platform: string;
  /** The company and the time across the page; '' for none. */
  watermark: string;
}

/** A line of text as glyph outlines: one path per glyph, placed along the baseline at (x, y). */
function text(x: number, y: number, size: number, body: string, opts: { fill?: string; bold?: boolean; anchor?: 'middle' | 'end' } = {}): string {
  const f = face(opts.bold === true);
  const k = size / f.font.unitsPerEm;
  const width = measure(body, size, opts.bold);
  const left = opts.anchor === 'middle' ? x - width / 2 : opts.anchor === 'end' ? x - width : x;
  let pen = 0;
  const paths: string[] = [];
  for (const ch of body) {
    const g = glyph(f, ch);
    if (g.d) paths.push(`<path transform="translate(${pen.toFixed(1)} 0)" d="${g.d}"/>`);
    pen += g.advance;
  }
  return `<g fill="${opts.fill ?? COLOR.text}" transform="translate(${left.toFixed(1)} ${y}) scale(${k.toFixed(5)} ${(-k).toFixed(5)})">${paths.join('')}</g>`;
}

/** The SVG of one receipt (exported for the tests of its wording). */
export function receiptSvg({ row, columns, platform, watermark }: Draw): string {
  const parts: string[] = [];
  let y = 0;
  // Header: the site, the title, the order number.
  parts.push(`<rect x="0" y="0" width="${WIDTH}" height="8" fill="${COLOR.primary}"/>`);
  y = 52;
  parts.push(text(PAD, y, 16, '数据API市场', { fill: COLOR.primary, bold: true }));
  parts.push(text(WIDTH - PAD, y, 13, `第 ${row.rowNo} 条`, { fill: COLOR.secondary, anchor: 'end' }));
  y += 52;
  parts.push(text(WIDTH / 2, y, 30, '核验回执', { bold: true, anchor: 'middle' }));
  y += 30;
  parts.push(text(WIDTH / 2, y, 14, `订单号 ${row.seqNo}`, { fill: COLOR.secondary, anchor: 'middle' }));
  y += 26;

  // The result, in the verification wording, on its own band.
  const tone = row.verdict === VERDICT.consistent ? COLOR.consistent : row.verdict === VERDICT.inconsistent ? COLOR.inconsistent : COLOR.other;
  const verdictSize = row.verdict.length <= 12 ? 30 : 20;
  const verdictLines = wrap(row.verdict, verdictSize, WIDTH - PAD * 2 - 48, 3, true);
  const band = 56 + verdictLines.length * verdictSize * 1.35;
  parts.push(`<rect x="${PAD}" y="${y}" width="${WIDTH - PAD * 2}" height="${band}" rx="10" fill="${tone.bg}"/>`);
  parts.push(text(PAD + 24, y + 32, 14, '核验结果', { fill: COLOR.secondary }));
  verdictLines.forEach((l, i) => {
    parts.push(text(PAD + 24, y + 40 + (i + 1) * verdictSize * 1.3, verdictSize, l, { fill: tone.fg, bold: true }));
  });
  y += band + 20;

  // The facts, label and value, one per line.
  const valueX = PAD + 150;
  const valueWidth = WIDTH - valueX - PAD;
  const clock = (at: Date | null) => (at ? chinaClock(at) : '—');
  const facts: Array<[string, string]> = [
    ['核验项目', row.interfaceName],
    ...columns.map((c): [string, string] => [c.label, row.params[c.name] || '—']),
    ['返回码', row.code],
    ['请求时间', clock(row.requestedAt)],
    ['回执时间', clock(row.answeredAt)],
    ['订单号（流水号）', row.seqNo],
    ['出具平台', platform],
  ];
  for (const [label, value] of facts) {
    const lines = wrap(value, 16, valueWidth, 3);
    const h = 24 + lines.length * 24;
    parts.push(text(PAD, y + 30, 15, label, { fill: COLOR.secondary }));
    lines.forEach((l, i) => {
      parts.push(text(valueX, y + 30 + i * 24, 16, l));
    });
    y += h;
    parts.push(`<line x1="${PAD}" y1="${y}" x2="${WIDTH - PAD}" y2="${y}" stroke="${COLOR.line}" stroke-width="1"/>`);
  }

  // What the receipt is, and how to check it.
  y += 34;
  for (const note of [
    '本回执依据查询时数据源的返回结果自动生成，仅证明该次核验的结果；被查询人信息已脱敏。',
    '核对方式：登录数据API市场用户中心，在调用记录中按订单号查询。',
  ]) {
    for (const l of wrap(note, 12, WIDTH - PAD * 2, 2)) {
      parts.push(text(PAD, y, 12, l, { fill: COLOR.secondary }));
      y += 20;
    }
  }
  const height = Math.ceil(y + 28);

  // The watermark: the company and the time, tiled across the page by a pattern (one text node:
  // each text node costs resvg a font lookup, and forty of them took most of a receipt's time).
  const marks = watermark
    ? [
        `<defs><pattern id="wm" width="380" height="150" patternUnits="userSpaceOnUse" patternTransform="rotate(-24)">`,
        `<g fill-opacity="0.08">${text(0, 90, 18, watermark)}</g></pattern></defs>`,
        `<rect width="${WIDTH}" height="${height}" fill="url(#wm)"/>`,
      ]
    : [];

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    ...parts,
    ...marks,
    `<rect x="0.5" y="0.5" width="${WIDTH - 1}" height="${height - 1}" fill="none" stroke="${COLOR.line}"/>`,
    '</svg>',
  ].join('');
}

/**
 * The receipt as PNG bytes. Rasterised off the event loop (resvg's worker thread): a step of 15
 * takes CPU seconds, which the API's other requests must not wait behind; the steps' receipts
 * are drawn side by side on the libuv pool.
 */
export async function receiptPng(draw: Draw): Promise<Buffer> {
  // No fonts for resvg to load: the text is already outlines.
  const png = await renderAsync(receiptSvg(draw), { font: { loadSystemFonts: false }, fitTo: { mode: 'zoom', value: ZOOM } });
  return Buffer.from(png.asPng());
}
