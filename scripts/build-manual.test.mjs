// The operation manual's PDF (scripts/build-manual.mjs): built from the real manual and from a
// stress sample into a temporary folder, then read back the way a PDF viewer reads it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { Lexer } from 'marked';
import { afterAll, describe, expect, it } from 'vitest';
import { buildManual, MANUAL_SOURCE } from './build-manual.mjs';

const work = mkdtempSync(path.join(os.tmpdir(), 'manual-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// ---- a small PDF reader: objects through the cross-reference table, text through each font's
// ToUnicode map (the glyph ids pdfkit writes are meaningless without it).

function literalString(s, from) {
  const bytes = [];
  const escapes = { n: 10, r: 13, t: 9, b: 8, f: 12 };
  let i = from;
  for (; s[i] !== ')'; i++) {
    if (s[i] !== '\\') {
      bytes.push(s.charCodeAt(i));
      continue;
    }
    const next = s[++i];
    if (/[0-7]/.test(next)) {
      const octal = s.slice(i, i + 3).match(/^[0-7]{1,3}/)[0];
      bytes.push(Number.parseInt(octal, 8));
      i += octal.length - 1;
    } else {
      bytes.push(escapes[next] ?? next.charCodeAt(0));
    }
  }
  const buf = Buffer.from(bytes);
  if (buf[0] === 0xfe && buf[1] === 0xff) return buf.subarray(2).swap16().toString('utf16le');
  return buf.toString('latin1');
}

function readPdf(buffer) {
  const s = buffer.toString('latin1');
  const xrefAt = Number(s.match(/startxref\s+(\d+)\s+%%EOF\s*$/)[1]);
  const [, first, count] = s.slice(xrefAt).match(/^xref\s+(\d+) (\d+)/);
  const entries = s
    .slice(xrefAt)
    .split('\n')
    .slice(2, 2 + Number(count));
  const objects = new Map();
  for (const [i, entry] of entries.entries()) {
    const [offset, , kind] = entry.trim().split(' ');
    if (kind !== 'n') continue;
    const at = Number(offset);
    const head = s.slice(at, at + 4000);
    const dictEnd = head.search(/\bstream\r?\n|\bendobj/);
    const dict = head.slice(0, dictEnd);
    let data = null;
    if (head.startsWith('stream', dictEnd)) {
      const start = at + dictEnd + (head[dictEnd + 6] === '\r' ? 8 : 7);
      data = buffer.subarray(start, start + Number(dict.match(/\/Length (\d+)/)[1]));
      if (dict.includes('/FlateDecode')) data = inflateSync(data);
    }
    objects.set(Number(first) + i, { dict, data });
  }
  const ref = (dict, key) => Number(dict.match(new RegExp(`/${key} (\\d+) 0 R`))?.[1]);

  const catalog = [...objects.values()].find((o) => /\/Type \/Catalog/.test(o.dict)).dict;
  const pagesDict = objects.get(ref(catalog, 'Pages')).dict;
  const pageRefs = [...pagesDict.match(/\/Kids \[([^\]]*)\]/)[1].matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));

  // Glyph code → text, per font object (the standard fonts pdfkit writes byte by byte).
  const toUnicode = new Map();
  const fontMap = (fontRef) => {
    if (!toUnicode.has(fontRef)) {
      const font = objects.get(fontRef).dict;
      const map = new Map();
      const cmapRef = ref(font, 'ToUnicode');
      if (cmapRef) {
        const cmap = objects.get(cmapRef).data.toString('latin1');
        for (const [, start, list] of cmap.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/gi)) {
          let code = Number.parseInt(start, 16);
          for (const [, hex] of list.matchAll(/<([0-9a-f ]+)>/gi)) {
            const units = hex.split(' ').map((h) => Number.parseInt(h, 16));
            map.set(code++, String.fromCharCode(...units));
          }
        }
      }
      toUnicode.set(fontRef, map);
    }
    return toUnicode.get(fontRef);
  };

  const pages = pageRefs.map((pageRef) => {
    const page = objects.get(pageRef).dict;
    const resources = objects.get(ref(page, 'Resources')).dict;
    const fonts = Object.fromEntries([...resources.matchAll(/\/(F\d+) (\d+) 0 R/g)].map((m) => [m[1], Number(m[2])]));
    const content = objects.get(ref(page, 'Contents')).data.toString('latin1');
    // Each drawn fragment: where it starts, its font size, its character spacing and its text.
    const fragments = [];
    let font = null;
    let size = 0;
    let spacing = 0;
    let x = 0;
    for (const m of content.matchAll(/\/(F\d+) ([\d.]+) Tf|([-\d.]+) Tc|1 0 0 -?1 ([-\d.]+) ([-\d.]+) Tm|\[([^\]]*)\] TJ/g)) {
      if (m[1]) {
        font = fonts[m[1]];
        size = Number(m[2]);
      } else if (m[3]) {
        spacing = Number(m[3]);
      } else if (m[4]) {
        x = Number(m[4]);
      } else {
        const map = fontMap(font);
        let text = '';
        for (const [, hex] of m[6].matchAll(/<([0-9a-f]+)>/gi)) {
          const width = map.size > 0 ? 4 : 2;
          for (let i = 0; i < hex.length; i += width) {
            const code = Number.parseInt(hex.slice(i, i + width), 16);
            text += map.size > 0 ? (map.get(code) ?? '\ufffd') : String.fromCharCode(code);
          }
        }
        fragments.push({ x, size, spacing, text });
      }
      if (/ET$/.test(m[0])) spacing = 0;
    }
    return { text: fragments.map((f) => f.text).join(''), fragments, annots: page };
  });

  const outlineRoot = ref(catalog, 'Outlines');
  const outline = [];
  for (const [num, o] of objects) {
    const titleAt = o.dict.indexOf('/Title (');
    if (titleAt < 0 || !/\/Parent \d+ 0 R/.test(o.dict)) continue;
    outline.push({ num, title: literalString(o.dict, titleAt + 8), topLevel: ref(o.dict, 'Parent') === outlineRoot });
  }
  outline.sort((a, b) => a.num - b.num);
  return { objects, pages, outline, text: pages.map((p) => p.text).join('\n') };
}

describe('the operation manual PDF', () => {
  const target = path.join(work, 'manual.pdf');
  const markdown = readFileSync(MANUAL_SOURCE, 'utf8');
  const headings = new Lexer().lex(markdown).filter((t) => t.type === 'heading');
  const title = headings.find((h) => h.depth === 1).text;
  const chapters = headings.filter((h) => h.depth === 2).map((h) => h.text);
  const sections = headings.filter((h) => h.depth === 3).map((h) => h.text);
  let built;
  let pdf;

  it('is built from docs/manual without a browser', async () => {
    built = await buildManual({ source: MANUAL_SOURCE, target });
    const bytes = readFileSync(target);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    pdf = readPdf(bytes);
    expect(built.bytes).toBe(bytes.length);
    expect(pdf.pages.length).toBe(built.pages);
    expect(built.pages).toBeGreaterThan(1);
  });

  it('opens with the title and a table of contents listing every chapter', () => {
    const first = pdf.pages[0].text;
    expect(first).toContain(title);
    expect(first).toContain('目录');
    for (const chapter of chapters) expect(first).toContain(chapter);
  });

  it('prints every chapter heading in Chinese and the tables and code of the manual', () => {
    const body = pdf.pages
      .slice(1)
      .map((p) => p.text)
      .join('');
    for (const heading of [...chapters, ...sections]) expect(body).toContain(heading);
    expect(chapters).toContain('2 企业认证');
    expect(body).toContain('SYSTEM_012'); // a cell of the return-code table
    expect(body).toContain('IP 不在白名单');
    expect(body).toContain('--data-urlencode'); // the curl sample, in the monospace font
    expect(body).not.toContain('\ufffd');
  });

  it('has a bookmark per chapter, with the sections inside', () => {
    expect(pdf.outline.filter((o) => o.topLevel).map((o) => o.title)).toEqual(chapters);
    expect(pdf.outline.filter((o) => !o.topLevel).map((o) => o.title)).toEqual(sections);
  });

  it('numbers its pages "n / N"', () => {
    const n = pdf.pages.length;
    for (const [i, page] of pdf.pages.entries()) expect(page.text).toContain(`${i + 1} / ${n}`);
  });

  it('embeds only the glyphs it uses of the Chinese fonts', () => {
    const descriptors = [...pdf.objects.values()].filter((o) => /\/Type \/FontDescriptor/.test(o.dict));
    expect(descriptors.map((d) => d.dict.match(/\/FontName \/[A-Z]{6}\+(\S+)/)?.[1]).sort()).toEqual(['NotoSansHans-Bold', 'NotoSansHans-Regular']);
    for (const d of descriptors) {
      const file = pdf.objects.get(Number(d.dict.match(/\/FontFile3 (\d+) 0 R/)[1]));
      expect(file.data.length).toBeGreaterThan(10_000);
      expect(file.data.length).toBeLessThan(1_000_000); // the whole font is 8 MB
    }
  });
});

describe('typesetting', () => {
  it('wraps a long run of Chinese inside the margins and splits a long table over pages', async () => {
    const source = path.join(work, 'stress.md');
    const target = path.join(work, 'stress.pdf');
    const run = '数据接口调用记录统计预警子账号企业认证充值余额'.repeat(30);
    const rows = Array.from({ length: 60 }, (_, i) => `| SYSTEM_${String(i).padStart(3, '0')} | ${run.slice(0, 40 + i)} | 说明 |`);
    writeFileSync(
      source,
      [
        '# 压力测试',
        '',
        '## 1 长段落',
        '',
        run,
        '',
        '> 引用的一段话',
        '',
        '- 一级',
        '  - 二级',
        '',
        '## 2 长表格',
        '',
        '| 码 | 含义 | 备注 |',
        '|---|---|---|',
        ...rows,
        '',
      ].join('\n'),
    );
    const { pages } = await buildManual({ source, target });
    const pdf = readPdf(readFileSync(target));
    expect(pages).toBeGreaterThan(3);

    const right = 595.28 - (18 * 72) / 25.4;
    const lines = pdf.pages[1].fragments.filter((f) => /^[\u4e00-\u9fff]+$/.test(f.text) && f.size === 11);
    expect(lines.length).toBeGreaterThan(5);
    for (const f of lines) {
      // Ideographs are 1 em wide; justified lines add the character spacing after each.
      expect(f.x + f.text.length * (f.size + f.spacing) - f.spacing).toBeLessThanOrEqual(right + 0.5);
    }
    expect(pdf.text).toContain('SYSTEM_059');
    expect(pdf.text).toContain('引用的一段话');
    // The header row is repeated on each page the table continues on.
    const withHeader = pdf.pages.filter((p) => p.text.includes('码含义备注'));
    expect(withHeader.length).toBeGreaterThan(1);
  });
});
