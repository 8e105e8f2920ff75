// Isometric drawing primitives for the hero illustrations: one projection, one palette, so every
// industry scene shares a style. Server components only: they render plain <svg> and ship no JS.
import type { ReactNode } from 'react';

/** Screen origin of the scene's (0, 0, 0) and the length of one unit, in viewBox pixels. */
const OX = 260;
const OY = 250;
const U = 20;
const COS = 0.866;

/** Projects a point of the scene (x to the lower right, y to the lower left, z up). */
export function pt(x: number, y: number, z = 0): [number, number] {
  return [OX + (x - y) * COS * U, OY + (x + y) * 0.5 * U - z * U];
}

const poly = (points: Array<[number, number]>) => points.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' ');

/** Face colours: top, lower-left side, lower-right side, edge. Light comes from the upper left. */
export const TONES = {
  blue: ['#4d7bff', '#2a52d9', '#1a3a9e', '#9fb8ff'],
  sky: ['#7fb2ff', '#4d86f0', '#2f63c4', '#d3e3ff'],
  teal: ['#38d0b6', '#179c89', '#0e6f63', '#a7f3e5'],
  orange: ['#ff9a52', '#e0661f', '#a94610', '#ffd2b0'],
  glass: ['rgba(159,184,255,0.22)', 'rgba(159,184,255,0.12)', 'rgba(159,184,255,0.06)', 'rgba(190,210,255,0.7)'],
  white: ['#f4f7ff', '#cfdbf5', '#a7b8dc', '#ffffff'],
} as const;
export type Tone = keyof typeof TONES;

/** A cuboid standing on (x, y, z), w along x, d along y, h high. */
export function Box({ x, y, z = 0, w, d, h, tone = 'blue' }: { x: number; y: number; z?: number; w: number; d: number; h: number; tone?: Tone }) {
  const [top, left, right, edge] = TONES[tone];
  return (
    <g stroke={edge} strokeWidth="0.8" strokeLinejoin="round" strokeOpacity="0.55">
      <polygon points={poly([pt(x, y + d, z), pt(x + w, y + d, z), pt(x + w, y + d, z + h), pt(x, y + d, z + h)])} fill={left} />
      <polygon points={poly([pt(x + w, y, z), pt(x + w, y + d, z), pt(x + w, y + d, z + h), pt(x + w, y, z + h)])} fill={right} />
      <polygon points={poly([pt(x, y, z + h), pt(x + w, y, z + h), pt(x + w, y + d, z + h), pt(x, y + d, z + h)])} fill={top} />
    </g>
  );
}

/** The ground every scene stands on: a thin slab with a grid and a soft edge glow. */
export function Plate({ size = 5, grid = true }: { size?: number; grid?: boolean }) {
  const lines: ReactNode[] = [];
  if (grid) {
    for (let i = -size + 1; i < size; i++) {
      lines.push(<line key={`a${i}`} x1={pt(i, -size, 0)[0]} y1={pt(i, -size, 0)[1]} x2={pt(i, size, 0)[0]} y2={pt(i, size, 0)[1]} />);
      lines.push(<line key={`b${i}`} x1={pt(-size, i, 0)[0]} y1={pt(-size, i, 0)[1]} x2={pt(size, i, 0)[0]} y2={pt(size, i, 0)[1]} />);
    }
  }
  return (
    <g>
      <Box x={-size} y={-size} z={-0.5} w={size * 2} d={size * 2} h={0.5} tone="glass" />
      <g stroke="#9fb8ff" strokeOpacity="0.16" strokeWidth="0.8">
        {lines}
      </g>
    </g>
  );
}

/** A vertical cylinder (a coin stack, a database disk) of radius r at (x, y). */
export function Cylinder({ x, y, z = 0, r, h, tone = 'sky' }: { x: number; y: number; z?: number; r: number; h: number; tone?: Tone }) {
  const [top, side, , edge] = TONES[tone];
  const rx = r * U * Math.sqrt(1.5);
  const ry = r * U * Math.SQRT1_2;
  const [cx, cyBottom] = pt(x, y, z);
  const cyTop = cyBottom - h * U;
  return (
    <g stroke={edge} strokeWidth="0.8" strokeOpacity="0.6">
      <path d={`M${cx - rx},${cyTop} L${cx - rx},${cyBottom} A${rx},${ry} 0 0 0 ${cx + rx},${cyBottom} L${cx + rx},${cyTop} Z`} fill={side} />
      <ellipse cx={cx} cy={cyTop} rx={rx} ry={ry} fill={top} />
    </g>
  );
}

/**
 * 2D content laid on a plane of the scene: 'top' (the ground, z fixed), 'left' (a wall facing the
 * lower left, y fixed) or 'right' (facing the lower right, x fixed). Children draw in units × 20.
 */
export function OnPlane({ plane, at, children }: { plane: 'top' | 'left' | 'right'; at: [number, number, number]; children: ReactNode }) {
  const [e, f] = pt(...at);
  const m = plane === 'top' ? [COS, 0.5, -COS, 0.5] : plane === 'left' ? [COS, 0.5, 0, 1] : [COS, -0.5, 0, 1];
  return <g transform={`matrix(${m.join(' ')} ${e.toFixed(1)} ${f.toFixed(1)})`}>{children}</g>;
}

/** A flat, upright interface card floating in front of the scene (screen coordinates). */
export function Card({ x, y, w, h, children, accent = '#9fb8ff' }: { x: number; y: number; w: number; h: number; children?: ReactNode; accent?: string }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width={w} height={h} rx="10" fill="#0f1f4d" fillOpacity="0.82" stroke={accent} strokeOpacity="0.55" />
      <rect width={w} height="4" rx="2" fill={accent} fillOpacity="0.9" />
      {children}
    </g>
  );
}

/** Text-like bars inside a card. */
export function Lines({ x, y, widths, gap = 12 }: { x: number; y: number; widths: number[]; gap?: number }) {
  return (
    <g fill="#c9d8ff" fillOpacity="0.5">
      {widths.map((w, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative bars
        <rect key={i} x={x} y={y + i * gap} width={w} height="5" rx="2.5" />
      ))}
    </g>
  );
}

/** A round badge with a glyph (check, shield…), screen coordinates. */
export function Badge({ cx, cy, r = 16, fill = '#38d0b6', children }: { cx: number; cy: number; r?: number; fill?: string; children: ReactNode }) {
  return (
    <g transform={`translate(${cx} ${cy})`}>
      <circle r={r + 6} fill={fill} fillOpacity="0.18" />
      <circle r={r} fill={fill} />
      <g fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
        {children}
      </g>
    </g>
  );
}

export const CHECK = <path d="M-6,0 L-1.5,4.5 L6.5,-4.5" />;

/** A dashed flow between two scene points, with a dot travelling along it (static). */
export function Flow({ from, to, color = '#7fb2ff' }: { from: [number, number, number]; to: [number, number, number]; color?: string }) {
  const [x1, y1] = pt(...from);
  const [x2, y2] = pt(...to);
  return (
    <g>
      <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={color} strokeWidth="1.6" strokeDasharray="4 5" strokeOpacity="0.8" />
      <circle cx={x2} cy={y2} r="3.5" fill={color} />
    </g>
  );
}

/** The frame of every scene: viewBox, a glow behind, and the plate; decorative for assistive tech. */
export function Scene({ id, children, plate = 5 }: { id: string; children: ReactNode; plate?: number }) {
  return (
    <svg viewBox="0 0 520 420" width="520" height="420" aria-hidden="true" focusable="false" data-art={id}>
      <defs>
        <radialGradient id={`${id}-glow`} cx="50%" cy="55%" r="50%">
          <stop offset="0" stopColor="#3d6bff" stopOpacity="0.45" />
          <stop offset="1" stopColor="#3d6bff" stopOpacity="0" />
        </radialGradient>
      </defs>
      <ellipse cx="260" cy="235" rx="250" ry="190" fill={`url(#${id}-glow)`} />
      <Plate size={plate} />
      {children}
    </svg>
  );
}
