// The operation manual (spec 01 §2.1: "a downloadable operation manual (PDF) is linked from the
// menu"): docs/manual/operation-manual.md → apps/web/public/manual.pdf, typeset here with pdfkit.
// Pure JavaScript and npm packages only — no browser, no system font: the text is set in Noto Sans
// SC from the @embedpdf/fonts-sc package (OFL), subset to the glyphs used. A title page with the
// table of contents, PDF bookmarks, page numbers. Runs before `next build` (scripts/build-web.mjs);
// skipped when the PDF is newer than its source and than this script.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Lexer } from 'marked';
import PDFDocument from 'pdfkit';
import { root } from './lib.mjs';

export const MANUAL_SOURCE = path.join(root, 'docs/manual/operation-manual.md');
export const MANUAL_TARGET = path.join(root, 'apps/web/public/manual.pdf');

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '../fonts');
const FONT_FILES = { regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf' };
// Code is set in the PDF standard Courier (nothing to embed); what Courier lacks (Chinese in a
// code sample) falls back to the Chinese font.
const MONO = 'Courier';

const MM = 72 / 25.4;
const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = { top: 20 * MM, bottom: 20 * MM, left: 18 * MM, right: 18 * MM };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BOTTOM = PAGE.height - MARGIN.bottom;
// The look of the HTML the manual used to be printed from.
const COLOR = {
  title: '#1d5cff',
  text: '#1b2333',
  muted: '#5b6577',
  footer: '#8a93a3',
  rule: '#e3e8f0',
  border: '#c9d2e0',
  headerCell: '#eef3ff',
  codeBg: '#f5f7fb',
  inlineCodeBg: '#eef1f6',
  link: '#1d5cff',
};
const BODY = { size: 11, lineHeight: 11 * 1.75 };
const PARA_GAP = 7;
const CODE_GAP = 2.5; // room between an inline code span's background and the text beside it
const ASCENT = 0.88; // Noto Sans SC's ascender (em fraction); its em box is 0.88 + 0.12

// ---------------------------------------------------------------------------------------------
// Line breaking. Chinese breaks between any two characters, Latin text at spaces; a closing
// mark never starts a line and an opening mark never ends one (the usual 避头尾 rules).
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]/u;
const NO_LINE_START = new Set([...'，。、；：？！）》」』】〕〉〗”’…—–·%‰,.;:?!)]}']);
const NO_LINE_END = new Set([...'（《「『【〔〈〖“‘([{']);

function canBreakBetween(prev, next) {
  if (NO_LINE_START.has(next) || NO_LINE_END.has(prev)) return false;
  if (prev === ' ') return next !== ' ';
  return WIDE.test(prev) || WIDE.test(next);
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name) => {
    if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? all;
  });
}

// A soft line break in the source is a space between Latin words and nothing between Chinese.
function softBreaks(text) {
  return text.replace(/[ \t]*\n[ \t]*/g, (_, offset, whole) => {
    const before = whole.slice(0, offset).trimEnd().slice(-1);
    const after = whole.slice(offset).trimStart().slice(0, 1);
    return WIDE.test(before) || WIDE.test(after) ? '' : ' ';
  });
}

// ---------------------------------------------------------------------------------------------
// The typesetter: inline markdown → styled characters → lines → drawn fragments.
class Typesetter {
  constructor(doc) {
    this.doc = doc;
    this.y = MARGIN.top;
    this.widths = new Map();
  }

  newPage() {
    this.doc.addPage();
    this.y = MARGIN.top;
  }

  /** Start a new page unless `height` more points fit on this one. */
  ensure(height) {
    if (this.y + height > BOTTOM && this.y > MARGIN.top) this.newPage();
  }

  get pageNumber() {
    return this.doc.bufferedPageRange().count;
  }

  fontFor(ch, style) {
    if (style.font === 'mono') return ch >= ' ' && ch <= '~' ? MONO : 'regular';
    return style.font;
  }

  charWidth(ch, style) {
    const font = this.fontFor(ch, style);
    const key = `${font}\u0000${ch}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.doc.font(font).fontSize(1000).widthOfString(ch) / 1000;
      this.widths.set(key, width);
    }
    return width * style.size;
  }

  /** Inline tokens → [{ ch, style }]. */
  chars(tokens, style, out = []) {
    const push = (text, s) => {
      for (const ch of text) out.push({ ch: ch === '\t' ? ' ' : ch, style: s });
    };
    for (const t of tokens ?? []) {
      switch (t.type) {
        case 'strong':
          this.chars(t.tokens, { ...style, font: style.font === 'mono' ? 'mono' : 'bold' }, out);
          break;
        case 'codespan': {
          const from = out.length;
          push(decodeEntities(t.text).replace(/\n/g, ' '), { ...style, font: 'mono', size: style.size * 0.92, code: true });
          if (out.length > from) {
            out[from].lead = CODE_GAP;
            out[out.length - 1].trail = CODE_GAP;
          }
          break;
        }
        case 'link':
          this.chars(t.tokens, { ...style, color: COLOR.link, link: t.href }, out);
          break;
        case 'br':
          push('\n', style);
          break;
        case 'html':
          if (/^<br\s*\/?>$/i.test(t.text.trim())) push('\n', style);
          break;
        case 'image':
          push(t.text, style);
          break;
        case 'text':
          if (t.tokens) this.chars(t.tokens, style, out);
          else push(softBreaks(decodeEntities(t.text)), style);
          break;
        default:
          // em, del, escape and whatever else carries text: the text as it stands (Chinese has
          // no italics to fall back on).
          if (t.tokens) this.chars(t.tokens, style, out);
          else if (typeof t.text === 'string') push(decodeEntities(t.text), style);
      }
    }
    return out;
  }

  /** Styled characters → lines no wider than `width`: [{ chars, width, hard }]. */
  breakLines(chars, width) {
    // Units that stay together: a Latin word with its trailing spaces, a Chinese character with
    // the punctuation that may not be separated from it.
    const units = [];
    let unit = null;
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i];
      if (c.ch === '\n') {
        units.push({ hard: true });
        unit = null;
        continue;
      }
      if (!unit || canBreakBetween(chars[i - 1].ch, c.ch)) {
        unit = { chars: [], width: 0 };
        units.push(unit);
      }
      c.width = this.charWidth(c.ch, c.style) + (c.lead ?? 0) + (c.trail ?? 0);
      unit.chars.push(c);
      unit.width += c.width;
    }

    const lines = [];
    // Spaces at the start of a source line stay (code indentation); at the start of a wrapped
    // line they go, as do spaces at the end of any line.
    let line = { chars: [], width: 0, wrapped: false };
    const finish = (hard) => {
      while (line.chars.length > 0 && line.chars[line.chars.length - 1].ch === ' ') line.width -= line.chars.pop().width;
      line.hard = hard;
      lines.push(line);
      line = { chars: [], width: 0, wrapped: !hard };
    };
    for (const u of units) {
      if (u.hard) {
        finish(true);
        continue;
      }
      let trailing = 0;
      for (let i = u.chars.length - 1; i >= 0 && u.chars[i].ch === ' '; i--) trailing += u.chars[i].width;
      if (line.chars.length > 0 && line.width + u.width - trailing > width) finish(false);
      for (const c of u.chars) {
        if (line.chars.length === 0 && line.wrapped && c.ch === ' ') continue;
        // A unit longer than a whole line (a long code word) breaks between any characters.
        if (line.chars.length > 0 && line.width + c.width > width && c.ch !== ' ' && u.width - trailing > width) finish(false);
        line.chars.push(c);
        line.width += c.width;
      }
    }
    finish(true);
    return lines;
  }

  /** The narrowest width a text can take (its widest unbreakable unit) and its width on one line. */
  measure(chars) {
    const lines = this.breakLines(chars, Number.POSITIVE_INFINITY);
    const natural = Math.max(0, ...lines.map((l) => l.width));
    let min = 0;
    let run = 0;
    for (let i = 0; i < chars.length; i++) {
      if (i > 0 && (chars[i].ch === '\n' || canBreakBetween(chars[i - 1].ch, chars[i].ch))) run = 0;
      if (chars[i].ch !== '\n' && chars[i].ch !== ' ') run += this.charWidth(chars[i].ch, chars[i].style);
      min = Math.max(min, run);
    }
    return { min, natural };
  }

  /** Draw one line whose box starts at `top`; `justify` spreads a full line to `width`. */
  drawLine(line, x, top, lineHeight, { width, align = 'left', justify = false } = {}) {
    const doc = this.doc;
    const size = Math.max(...line.chars.map((c) => c.style.size), 1);
    const baseline = top + (lineHeight - size) / 2 + ASCENT * size;
    const extra = width - line.width;
    let spacing = 0;
    if (justify && !line.hard && line.chars.length > 1 && extra > 0) {
      spacing = extra / (line.chars.length - 1);
      if (spacing > size * 0.12) spacing = 0; // a short line is better left ragged than spaced out
    }
    const start = x + (align === 'right' ? extra : align === 'center' ? extra / 2 : 0);

    // Where each character goes; a code span's edge characters carry a little room for its
    // background (`lead` before the glyph, the rest after it).
    let cx = start;
    const placed = line.chars.map((c) => {
      const at = cx;
      cx += c.width + spacing;
      return { ...c, x: at + (c.lead ?? 0), font: this.fontFor(c.ch, c.style) };
    });
    // Backgrounds of code spans first, one box per span on the line, whatever fonts it mixes.
    for (let i = 0; i < placed.length; i++) {
      const c = placed[i];
      if (!c.style.code) continue;
      let j = i;
      while (j + 1 < placed.length && placed[j + 1].style === c.style) j++;
      const from = c.x - 1.5;
      const to = placed[j].x - (placed[j].lead ?? 0) + placed[j].width - (placed[j].trail ?? 0) + 1.5;
      doc.roundedRect(from, baseline - ASCENT * c.style.size - 1.2, to - from, c.style.size + 2.4, 2).fill(COLOR.inlineCodeBg);
      i = j;
    }
    // Then the text, in runs of characters that share font and style.
    for (let i = 0; i < placed.length; ) {
      const c = placed[i];
      let j = i;
      let text = c.ch;
      while (j + 1 < placed.length && placed[j + 1].style === c.style && placed[j + 1].font === c.font && !placed[j + 1].lead) {
        text += placed[++j].ch;
      }
      doc
        .font(c.font)
        .fontSize(c.style.size)
        .fillColor(c.style.color)
        .text(text, c.x, baseline, { lineBreak: false, baseline: 'alphabetic', characterSpacing: spacing });
      if (c.style.link) {
        const end = placed[j].x + placed[j].width;
        doc.link(c.x, top, end - c.x, lineHeight, c.style.link);
      }
      i = j + 1;
    }
  }

  /** A paragraph of inline content, page breaks included. */
  paragraph(chars, x, width, { lineHeight = BODY.lineHeight, marker, justify = true, align } = {}) {
    const lines = this.breakLines(chars, width);
    for (const [i, line] of lines.entries()) {
      if (line.chars.length === 0 && lines.length > 1 && i === lines.length - 1) break;
      this.ensure(lineHeight);
      if (i === 0 && marker) this.drawMarker(marker, lineHeight);
      this.drawLine(line, x, this.y, lineHeight, { width, justify, align });
      this.y += lineHeight;
    }
  }

  drawMarker(marker, lineHeight) {
    const style = { font: 'regular', size: BODY.size, color: marker.color ?? COLOR.text };
    const chars = [...marker.text].map((ch) => ({ ch, style }));
    const [line] = this.breakLines(chars, Number.POSITIVE_INFINITY);
    this.drawLine(line, marker.right - line.width, this.y, lineHeight, { width: line.width });
    marker.drawn = true;
  }
}

// ---------------------------------------------------------------------------------------------
// Blocks.
function plainText(tokens) {
  return (tokens ?? [])
    .map((t) => (t.tokens ? plainText(t.tokens) : decodeEntities(t.text ?? '')))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

const HEADING = {
  1: { size: 20, color: COLOR.title, before: 8 * MM, after: 5 * MM },
  2: { size: 15, color: COLOR.text, before: 9 * MM, after: 4 * MM, rule: true },
  3: { size: 12.5, color: COLOR.text, before: 5 * MM, after: 2 * MM },
  4: { size: 11, color: COLOR.text, before: 4 * MM, after: 1.5 * MM },
};

class ManualRenderer extends Typesetter {
  constructor(doc) {
    super(doc);
    this.headings = []; // { depth, text, dest, page }
    this.outlineParent = null;
  }

  textStyle(state) {
    return { font: 'regular', size: BODY.size, color: state.color ?? COLOR.text };
  }

  /** Draws what the marker of a list item is waiting for, when the item starts with no text. */
  flushMarker(state) {
    if (state.marker && !state.marker.drawn) {
      this.ensure(BODY.lineHeight);
      this.drawMarker(state.marker, BODY.lineHeight);
    }
  }

  blocks(tokens, x, width, state = {}) {
    for (const t of tokens) {
      if (t.type !== 'heading' && t.type !== 'space') this.underHeading = false;
      switch (t.type) {
        case 'heading':
          this.heading(t, x, width);
          break;
        case 'paragraph':
        case 'text': {
          const chars = this.chars(t.tokens ?? [{ type: 'text', text: t.text }], this.textStyle(state));
          this.paragraph(chars, x, width, { marker: state.marker?.drawn ? undefined : state.marker });
          if (t.type === 'paragraph') this.y += state.tight ? 0 : PARA_GAP;
          break;
        }
        case 'list':
          this.flushMarker(state);
          this.list(t, x, width, state);
          break;
        case 'table':
          this.flushMarker(state);
          this.table(t, x, width);
          break;
        case 'code':
          this.flushMarker(state);
          this.code(t, x, width);
          break;
        case 'blockquote':
          this.flushMarker(state);
          this.blockquote(t, x, width, state);
          break;
        case 'hr':
          this.ensure(6 * MM);
          this.doc
            .moveTo(x, this.y + 3 * MM)
            .lineTo(x + width, this.y + 3 * MM)
            .lineWidth(0.75)
            .stroke(COLOR.rule);
          this.y += 6 * MM;
          break;
        default:
          // space, html comments, link definitions: nothing to print
          break;
      }
    }
  }

  heading(t, x, width, { record = true } = {}) {
    const spec = HEADING[t.depth] ?? HEADING[4];
    const lineHeight = spec.size * 1.45;
    const chars = this.chars(t.tokens, { font: 'bold', size: spec.size, color: spec.color });
    const lines = this.breakLines(chars, width);
    // Keep the heading with the first lines of what follows it.
    const height = spec.before + lines.length * lineHeight + spec.after + 2 * BODY.lineHeight;
    if (this.y + height > BOTTOM) this.newPage();
    // Right under another heading the space above is that heading's.
    if (this.y > MARGIN.top && !this.underHeading) this.y += spec.before;
    if (record) {
      // A link target for the contents, and a bookmark (chapters, with their sections inside).
      const dest = `h${this.headings.length + 1}`;
      const text = plainText(t.tokens);
      this.doc.addNamedDestination(dest, 'XYZ', 0, this.y, null);
      this.headings.push({ depth: t.depth, text, dest, page: this.pageNumber });
      if (t.depth === 2) this.outlineParent = this.doc.outline.addItem(text, { expanded: true });
      else if (t.depth === 3) (this.outlineParent ?? this.doc.outline).addItem(text);
    }
    for (const line of lines) {
      this.drawLine(line, x, this.y, lineHeight, { width });
      this.y += lineHeight;
    }
    if (spec.rule) {
      this.y += 1.5 * MM;
      this.doc
        .moveTo(x, this.y)
        .lineTo(x + width, this.y)
        .lineWidth(0.75)
        .stroke(COLOR.rule);
    }
    this.y += spec.after;
    this.underHeading = true;
  }

  list(t, x, width, state) {
    const start = Number(t.start) || 1;
    const depth = state.listDepth ?? 0;
    const indent = t.ordered ? 7 * MM : 5.5 * MM;
    for (const [i, item] of t.items.entries()) {
      const bullet = depth === 0 ? '•' : '◦';
      const text = item.task ? (item.checked ? '☑' : '☐') : t.ordered ? `${start + i}.` : bullet;
      const marker = { text, right: x + indent - 2 * MM, color: t.ordered ? COLOR.text : COLOR.muted };
      this.blocks(item.tokens, x + indent, width - indent, { ...state, marker, tight: !t.loose, listDepth: depth + 1 });
      this.flushMarker({ marker });
      this.y += t.loose ? 0 : 2;
    }
    if (depth === 0) this.y += PARA_GAP;
  }

  code(t, x, width) {
    const pad = 3 * MM;
    const style = { font: 'mono', size: 9.5, color: COLOR.text };
    const lineHeight = 9.5 * 1.55;
    const chars = [...t.text.replace(/\t/g, '    ')].map((ch) => ({ ch, style }));
    const lines = this.breakLines(chars, width - 2 * pad);
    let next = 0;
    while (next < lines.length) {
      let fit = Math.floor((BOTTOM - this.y - 2 * pad) / lineHeight);
      // Never leave a lone line of a code block at the foot of a page.
      if (fit < Math.min(2, lines.length - next) && this.y > MARGIN.top) {
        this.newPage();
        fit = Math.floor((BOTTOM - this.y - 2 * pad) / lineHeight);
      }
      const chunk = lines.slice(next, next + Math.max(fit, 1));
      const height = chunk.length * lineHeight + 2 * pad;
      this.doc.roundedRect(x, this.y, width, height, 3).lineWidth(0.75).fillAndStroke(COLOR.codeBg, COLOR.rule);
      let top = this.y + pad;
      for (const line of chunk) {
        this.drawLine(line, x + pad, top, lineHeight, { width: width - 2 * pad });
        top += lineHeight;
      }
      next += chunk.length;
      this.y += height;
      if (next < lines.length) this.newPage();
    }
    this.y += PARA_GAP + 2;
  }

  blockquote(t, x, width, state) {
    const inset = 4.5 * MM;
    this.ensure(BODY.lineHeight);
    const startPage = this.pageNumber;
    const startY = this.y;
    this.blocks(t.tokens, x + inset, width - inset, { ...state, marker: undefined, color: COLOR.muted });
    const endPage = this.pageNumber;
    const endY = this.y - PARA_GAP;
    // The bar beside the quote, on each page it spans.
    for (let page = startPage; page <= endPage; page++) {
      this.doc.switchToPage(page - 1);
      const from = page === startPage ? startY : MARGIN.top;
      const to = page === endPage ? endY : BOTTOM;
      this.doc.rect(x, from, 1.2 * MM, to - from).fill(COLOR.border);
    }
    this.doc.switchToPage(endPage - 1);
  }

  table(t, x, width) {
    const padX = 3 * MM;
    const padY = 2 * MM;
    const size = 10;
    const lineHeight = size * 1.6;
    const cols = t.header.length;
    const head = t.header.map((cell) => this.chars(cell.tokens, { font: 'bold', size, color: COLOR.text }));
    const rows = t.rows.map((row) => row.map((cell) => this.chars(cell.tokens, { font: 'regular', size, color: COLOR.text })));

    // Column widths as a browser's automatic table layout gives them: each column its one-line
    // width when everything fits, otherwise its narrowest plus a share of the rest.
    const min = new Array(cols).fill(0);
    const natural = new Array(cols).fill(0);
    for (const row of [head, ...rows]) {
      for (let c = 0; c < cols; c++) {
        const m = this.measure(row[c] ?? []);
        min[c] = Math.max(min[c], m.min + 2 * padX);
        natural[c] = Math.max(natural[c], m.natural + 2 * padX);
      }
    }
    const sum = (a) => a.reduce((s, v) => s + v, 0);
    let widths;
    if (sum(natural) <= width) {
      widths = natural.map((n) => n + ((width - sum(natural)) * n) / sum(natural));
    } else if (sum(min) <= width) {
      const flex = sum(natural) - sum(min);
      widths = min.map((m, c) => m + ((width - sum(min)) * (natural[c] - m)) / flex);
    } else {
      widths = min.map((m) => (m * width) / sum(min));
    }

    const layoutRow = (cells) => {
      const lines = widths.map((w, c) => this.breakLines(cells[c] ?? [], w - 2 * padX));
      return { lines, height: Math.max(...lines.map((l) => l.length)) * lineHeight + 2 * padY };
    };
    const drawRow = (row, header) => {
      let cx = x;
      for (let c = 0; c < cols; c++) {
        if (header) this.doc.rect(cx, this.y, widths[c], row.height).fill(COLOR.headerCell);
        let top = this.y + padY;
        const align = t.align[c] ?? 'left';
        for (const line of row.lines[c]) {
          if (line.chars.length > 0) this.drawLine(line, cx + padX, top, lineHeight, { width: widths[c] - 2 * padX, align });
          top += lineHeight;
        }
        this.doc.rect(cx, this.y, widths[c], row.height).lineWidth(0.75).stroke(COLOR.border);
        cx += widths[c];
      }
      this.y += row.height;
    };

    const header = layoutRow(head);
    const body = rows.map(layoutRow);
    // The header row goes with the first body row, and again at the top of each page the table
    // continues on.
    this.ensure(header.height + (body[0]?.height ?? 0));
    drawRow(header, true);
    for (const row of body) {
      if (this.y + row.height > BOTTOM) {
        this.newPage();
        drawRow(header, true);
      }
      drawRow(row, false);
    }
    this.y += PARA_GAP + 4;
  }
}

// ---------------------------------------------------------------------------------------------
// The document: title page with the table of contents, the chapters, the page numbers.
const TOC_ENTRY = {
  2: { size: 11, lineHeight: 11 * 1.9, indent: 0, color: COLOR.text, font: 'bold' },
  3: { size: 10, lineHeight: 10 * 1.85, indent: 6 * MM, color: COLOR.muted, font: 'regular' },
};

function tocEntries(tokens) {
  return tokens.filter((t) => t.type === 'heading' && TOC_ENTRY[t.depth]).map((t) => ({ depth: t.depth, text: plainText(t.tokens) }));
}

/**
 * Typeset the markdown manual at `source` into a PDF at `target`.
 * @returns {Promise<{ pages: number, bytes: number, chapters: string[] }>}
 */
export async function buildManual({ source = MANUAL_SOURCE, target = MANUAL_TARGET } = {}) {
  const tokens = new Lexer().lex(readFileSync(source, 'utf8'));
  const titleIndex = tokens.findIndex((t) => t.type === 'heading' && t.depth === 1);
  const title = titleIndex >= 0 ? plainText(tokens[titleIndex].tokens) : '操作手册';
  const firstChapter = tokens.findIndex((t, i) => i > titleIndex && t.type === 'heading' && t.depth <= 2);
  const preface = titleIndex >= 0 ? tokens.slice(titleIndex + 1, firstChapter < 0 ? tokens.length : firstChapter) : [];
  const chapters = firstChapter < 0 ? [] : tokens.slice(firstChapter);

  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 0, bottom: 0, left: 0, right: 0 }, // the typesetter keeps its own margins
    autoFirstPage: false,
    bufferPages: true,
    lang: 'zh-CN',
    displayTitle: true,
    info: { Title: title, Subject: title },
  });
  const chunks = [];
  doc.on('data', (chunk) => chunks.push(chunk));
  const ended = new Promise((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, path.join(fontDir, file));

  const r = new ManualRenderer(doc);
  r.newPage();

  // Title page: the title, the text before the first chapter, then the contents.
  const titleChars = r.chars(tokens[titleIndex]?.tokens ?? [{ type: 'text', text: title }], { font: 'bold', size: 22, color: COLOR.title });
  r.y += 6 * MM;
  for (const line of r.breakLines(titleChars, CONTENT_WIDTH)) {
    r.drawLine(line, MARGIN.left, r.y, 22 * 1.4, { width: CONTENT_WIDTH });
    r.y += 22 * 1.4;
  }
  r.doc
    .moveTo(MARGIN.left, r.y + 3 * MM)
    .lineTo(MARGIN.left + 28 * MM, r.y + 3 * MM)
    .lineWidth(2)
    .stroke(COLOR.title);
  r.y += 9 * MM;
  r.blocks(preface, MARGIN.left, CONTENT_WIDTH);
  r.heading({ depth: 2, tokens: [{ type: 'text', text: '目录' }] }, MARGIN.left, CONTENT_WIDTH, { record: false });

  // Reserve the pages the contents take, then set the chapters after them.
  const entries = tocEntries(tokens.slice(titleIndex + 1));
  const tocStart = { page: r.pageNumber, y: r.y };
  let tocPages = 1;
  let y = r.y;
  for (const e of entries) {
    const h = TOC_ENTRY[e.depth].lineHeight;
    if (y + h > BOTTOM) {
      tocPages++;
      y = MARGIN.top;
    }
    y += h;
  }
  const tocLastPage = tocStart.page + tocPages - 1;
  for (let i = 1; i < tocPages; i++) r.newPage();
  r.newPage();
  r.blocks(chapters, MARGIN.left, CONTENT_WIDTH);

  // The contents, now that every chapter's page is known: entries link to their headings.
  doc.switchToPage(tocStart.page - 1);
  r.y = tocStart.y;
  const numberStyle = { font: 'regular', size: 10, color: COLOR.muted };
  for (const h of r.headings.filter((h) => TOC_ENTRY[h.depth])) {
    const spec = TOC_ENTRY[h.depth];
    if (r.y + spec.lineHeight > BOTTOM) {
      tocStart.page++;
      // Headings nested in lists or quotes are not counted above; never draw over a chapter.
      if (tocStart.page > tocLastPage) throw new Error('the table of contents outgrew the pages reserved for it');
      doc.switchToPage(tocStart.page - 1);
      r.y = MARGIN.top;
    }
    const x = MARGIN.left + spec.indent;
    const numberChars = [...String(h.page)].map((ch) => ({ ch, style: numberStyle }));
    const [numberLine] = r.breakLines(numberChars, Number.POSITIVE_INFINITY);
    const textWidth = CONTENT_WIDTH - spec.indent - numberLine.width - 8 * MM;
    const style = { font: spec.font, size: spec.size, color: spec.color };
    const [line] = r.breakLines(
      [...h.text].map((ch) => ({ ch, style })),
      Number.POSITIVE_INFINITY,
    );
    const shown = line.width > textWidth ? r.breakLines(line.chars, textWidth)[0] : line;
    r.drawLine(shown, x, r.y, spec.lineHeight, { width: textWidth });
    const right = MARGIN.left + CONTENT_WIDTH;
    r.drawLine(numberLine, right - numberLine.width, r.y, spec.lineHeight, { width: numberLine.width });
    // Dotted leader between the title and its page number.
    const leaderY = r.y + (spec.lineHeight - spec.size) / 2 + ASCENT * spec.size;
    doc
      .moveTo(x + shown.width + 2 * MM, leaderY)
      .lineTo(right - numberLine.width - 2 * MM, leaderY)
      .lineWidth(0.8)
      .dash(0.8, { space: 2.4 })
      .stroke(COLOR.border)
      .undash();
    doc.goTo(x, r.y, right - x, spec.lineHeight, h.dest);
    r.y += spec.lineHeight;
  }

  // Page numbers "n / N" in the footer of every page.
  const pages = doc.bufferedPageRange().count;
  const footerStyle = { font: 'regular', size: 8, color: COLOR.footer };
  for (let i = 0; i < pages; i++) {
    doc.switchToPage(i);
    const [line] = r.breakLines(
      [...`${i + 1} / ${pages}`].map((ch) => ({ ch, style: footerStyle })),
      Number.POSITIVE_INFINITY,
    );
    r.drawLine(line, (PAGE.width - line.width) / 2, PAGE.height - 13 * MM, 10, { width: line.width });
  }

  doc.end();
  await ended;
  const pdf = Buffer.concat(chunks);
  mkdirSync(path.dirname(target), { recursive: true });
  // Written beside the target and renamed, so a failed build never leaves a half PDF that looks
  // up to date.
  writeFileSync(`${target}.tmp`, pdf);
  renameSync(`${target}.tmp`, target);
  return { pages, bytes: pdf.length, chapters: r.headings.filter((h) => h.depth === 2).map((h) => h.text) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const source = MANUAL_SOURCE;
  const target = MANUAL_TARGET;
  const mtime = (file) => statSync(file).mtimeMs;
  if (existsSync(target) && mtime(target) >= mtime(source) && mtime(target) >= mtime(fileURLToPath(import.meta.url))) process.exit(0);
  const started = performance.now();
  const { pages, bytes } = await buildManual({ source, target });
  console.log(`[manual] ${path.relative(root, target)}: ${pages} pages, ${Math.round(bytes / 1024)} KB, ${Math.round(performance.now() - started)} ms`);
}
