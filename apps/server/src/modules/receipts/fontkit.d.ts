// The part of fontkit (pdfkit's font engine, MIT) the receipt images use: glyph outlines and
// advances of Noto Sans SC, read once per process. fontkit ships no type declarations.
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    advanceWidth: number;
    path: { toSVG(): string };
  }
  export interface Font {
    unitsPerEm: number;
    glyphForCodePoint(codePoint: number): Glyph;
  }
  export function openSync(path: string): Font;
}
