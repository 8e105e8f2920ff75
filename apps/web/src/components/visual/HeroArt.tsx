// The hero illustrations of the solution, topic and company pages: one isometric scene per
// industry, all drawn from the primitives in iso.tsx (same projection, palette and plate).
import type { HeroArtName } from '@/content/pages/model';
import { Badge, Box, CHECK, Card, Cylinder, Flow, Lines, OnPlane, pt, Scene } from './iso';

/** The scene of a content page by its route family; null for pages without one (legal texts). */
export function artOfPath(path: string): HeroArtName | null {
  const rules: Array<[RegExp, HeroArtName]> = [
    [/^\/solutionPlan\/financialAndInsurance/, 'insurance'],
    [/^\/solutionPlan\/financial/, 'finance'],
    [/^\/solutionPlan\/insureIndustry/, 'insurance'],
    [/^\/solutionPlan\/(internetWork|paradigmInternet)/, 'internet'],
    [/^\/solutionPlan\/[Ll]ogistics/, 'logistics'],
    [/^\/transportation/, 'logistics'],
    [/^\/(truck|enterpriseFleet)/, 'fleet'],
    [/^\/solutionPlan\/digitalGov/, 'government'],
    [/^\/dataIntoTable/, 'data'],
    [/^\/deepSeek/, 'ai'],
    [/^\/faceRecgnition/, 'face'],
    [/^\/aboutUs/, 'company'],
    [/^\/interfaceInfo/, 'developer'],
  ];
  return rules.find(([re]) => re.test(path))?.[1] ?? null;
}

/** A car on the plate: body, cabin and two visible wheels. */
function Car({ x, y, tone = 'white' as const }: { x: number; y: number; tone?: 'white' | 'sky' | 'orange' }) {
  const w1 = pt(x + 0.5, y + 1.2, 0.05);
  const w2 = pt(x + 1.9, y + 1.2, 0.05);
  return (
    <g>
      <Box x={x} y={y} z={0.15} w={2.4} d={1.2} h={0.55} tone={tone} />
      <Box x={x + 0.5} y={y + 0.1} z={0.7} w={1.3} d={1} h={0.45} tone="glass" />
      {[w1, w2].map(([cx, cy]) => (
        <ellipse key={cx} cx={cx} cy={cy} rx="6" ry="7" fill="#0b1533" stroke="#9fb8ff" strokeOpacity="0.6" />
      ))}
    </g>
  );
}

/** A truck: cab in front (towards +x), cargo box behind, wheels on the visible side. */
function Truck({ x, y, cargo = 'white' as const }: { x: number; y: number; cargo?: 'white' | 'orange' | 'sky' }) {
  const wheels = [x + 0.6, x + 2.4, x + 3.7].map((wx) => pt(wx, y + 1.4, 0.1));
  return (
    <g>
      <Box x={x} y={y} z={0.2} w={3} d={1.4} h={1.7} tone={cargo} />
      <Box x={x + 3.1} y={y} z={0.2} w={1.2} d={1.4} h={1.25} tone="blue" />
      <OnPlane plane="right" at={[x + 4.3, y + 0.15, 1.3]}>
        <rect width="22" height="9" rx="2" fill="#bfe0ff" fillOpacity="0.75" />
      </OnPlane>
      <OnPlane plane="left" at={[x + 0.3, y + 1.4, 1.6]}>
        <rect width="46" height="5" rx="2.5" fill="#1d5cff" fillOpacity="0.7" />
        <rect y="9" width="30" height="5" rx="2.5" fill="#1d5cff" fillOpacity="0.4" />
      </OnPlane>
      {wheels.map(([cx, cy]) => (
        <ellipse key={cx} cx={cx} cy={cy} rx="7" ry="8" fill="#0b1533" stroke="#9fb8ff" strokeOpacity="0.6" />
      ))}
    </g>
  );
}

/** A map pin standing at a scene point. */
function Pin({ at, color = '#ff9a52' }: { at: [number, number, number]; color?: string }) {
  const [x, y] = pt(...at);
  return (
    <g transform={`translate(${x} ${y})`}>
      <ellipse rx="8" ry="4" fill={color} fillOpacity="0.3" />
      <path d="M0,0 C-4,-10 -12,-16 -12,-26 A12,12 0 1 1 12,-26 C12,-16 4,-10 0,0 Z" fill={color} />
      <circle cy="-26" r="4.5" fill="#fff" />
    </g>
  );
}

const SHIELD = 'M0,-30 L24,-21 V0 C24,16 12,26 0,32 C-12,26 -24,16 -24,0 V-21 Z';

function Finance() {
  return (
    <Scene id="finance">
      {/* the bank: podium, body, columns, roof */}
      <Box x={-4} y={-4} w={5} d={4} h={0.4} tone="white" />
      <Box x={-3.6} y={-3.7} z={0.4} w={4.2} d={2.6} h={2.5} tone="sky" />
      {[-3.6, -2.4, -1.2, 0].map((cx) => (
        <Box key={cx} x={cx} y={-0.9} z={0.4} w={0.55} d={0.55} h={2.5} tone="white" />
      ))}
      <Box x={-3.9} y={-3.9} z={2.9} w={4.8} d={3.5} h={0.5} tone="white" />
      <OnPlane plane="top" at={[-2.6, -3, 3.4]}>
        <circle cx="20" cy="20" r="16" fill="#ff9a52" />
        <text x="20" y="27" textAnchor="middle" fontSize="20" fontWeight="700" fill="#fff">
          ¥
        </text>
      </OnPlane>
      {/* rising bars and coins */}
      <Box x={1.4} y={1.6} w={0.8} d={0.8} h={1} tone="teal" />
      <Box x={2.6} y={1.6} w={0.8} d={0.8} h={1.8} tone="teal" />
      <Box x={3.8} y={1.6} w={0.8} d={0.8} h={2.6} tone="teal" />
      <Cylinder x={-2} y={2.6} r={0.8} h={0.9} tone="orange" />
      <Cylinder x={-0.2} y={3.4} r={0.8} h={1.5} tone="orange" />
      {/* risk score card */}
      <Card x={340} y={40} w={150} h={96} accent="#38d0b6">
        <path d="M30,74 A45,45 0 0 1 120,74" fill="none" stroke="#26375f" strokeWidth="10" strokeLinecap="round" />
        <path d="M30,74 A45,45 0 0 1 104,43" fill="none" stroke="#38d0b6" strokeWidth="10" strokeLinecap="round" />
        <line x1="75" y1="74" x2="100" y2="50" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
        <circle cx="75" cy="74" r="5" fill="#fff" />
      </Card>
      <Card x={24} y={250} w={118} h={62}>
        <Lines x={56} y={20} widths={[48, 32]} gap={14} />
        <Badge cx={32} cy={32} r={12}>
          {CHECK}
        </Badge>
      </Card>
      <Flow from={[1, -1, 3]} to={[3.8, -3.5, 5]} color="#38d0b6" />
    </Scene>
  );
}

function Insurance() {
  return (
    <Scene id="insurance">
      <Cylinder x={-0.5} y={-0.5} r={2.3} h={0.5} tone="white" />
      <OnPlane plane="left" at={[-2.2, -0.3, 5.2]}>
        <g transform="translate(44 62) scale(1.9)">
          <path d={SHIELD} fill="#2a52d9" stroke="#d3e3ff" strokeWidth="1.2" />
          <path d="M0,-22 L17,-15.5 V0 C17,11 9,18 0,23 Z" fill="#4d7bff" />
          <path d="M-9,1 L-2,8 L11,-7" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        </g>
      </OnPlane>
      <Car x={1.6} y={1.6} tone="orange" />
      <Box x={-4.2} y={1.8} w={1.8} d={1.8} h={1.1} tone="sky" />
      <Box x={-4.2} y={1.8} z={1.1} w={1.8} d={1.8} h={0.9} tone="white" />
      {/* policy document */}
      <Card x={352} y={52} w={136} h={118} accent="#ff9a52">
        <Lines x={18} y={24} widths={[64, 96, 80, 90]} gap={16} />
        <Badge cx={106} cy={92} r={12} fill="#ff9a52">
          {CHECK}
        </Badge>
      </Card>
      {/* pulse of a risk signal */}
      <Card x={22} y={70} w={132} h={64} accent="#38d0b6">
        <polyline points="14,40 40,40 50,22 62,54 74,32 84,40 118,40" fill="none" stroke="#38d0b6" strokeWidth="2.5" strokeLinejoin="round" />
      </Card>
      <Flow from={[0.5, 2.5, 1.2]} to={[-0.8, 0.6, 2]} color="#ff9a52" />
    </Scene>
  );
}

function Logistics() {
  return (
    <Scene id="logistics">
      {/* warehouse with a shutter door */}
      <Box x={-4.6} y={-4.6} w={3.6} d={3} h={2.2} tone="sky" />
      <Box x={-4.7} y={-4.7} z={2.2} w={3.8} d={3.2} h={0.3} tone="white" />
      <OnPlane plane="left" at={[-3.8, -1.6, 1.6]}>
        <rect width="36" height="32" fill="#1a3a9e" />
        {[6, 12, 18, 24].map((ly) => (
          <line key={ly} x1="0" x2="36" y1={ly} y2={ly} stroke="#9fb8ff" strokeOpacity="0.6" />
        ))}
      </OnPlane>
      {/* parcels */}
      <Box x={-0.6} y={-4.2} w={1} d={1} h={0.9} tone="orange" />
      <Box x={0.5} y={-4.2} w={1} d={1} h={0.9} tone="orange" />
      <Box x={-0.1} y={-4.1} z={0.9} w={1} d={1} h={0.9} tone="orange" />
      {/* route on the ground */}
      <OnPlane plane="top" at={[-4.6, 4.2, 0]}>
        <path d="M0,0 C40,-10 60,-60 110,-70 S170,-150 190,-170" fill="none" stroke="#ff9a52" strokeWidth="2.2" strokeDasharray="6 6" transform="scale(1 1)" />
      </OnPlane>
      <Truck x={-1.6} y={0.6} cargo="white" />
      <Pin at={[4.2, -3.8, 0]} color="#38d0b6" />
      <Pin at={[-4.3, 4.3, 0]} />
      {/* tracking card */}
      <Card x={360} y={44} w={132} h={112} accent="#38d0b6">
        {[26, 56, 86].map((cy, i) => (
          <g key={cy}>
            <circle cx="22" cy={cy} r="6" fill={i < 2 ? '#38d0b6' : '#26375f'} />
            <rect x="38" y={cy - 3} width={i === 1 ? 70 : 56} height="6" rx="3" fill="#c9d8ff" fillOpacity="0.5" />
          </g>
        ))}
        <line x1="22" y1="32" x2="22" y2="80" stroke="#38d0b6" strokeOpacity="0.6" strokeDasharray="3 3" />
      </Card>
    </Scene>
  );
}

function Fleet() {
  return (
    <Scene id="fleet">
      <Truck x={-4.6} y={-3.8} cargo="sky" />
      <Truck x={-2.2} y={0.2} cargo="orange" />
      <Car x={1.8} y={-3.4} tone="white" />
      <Pin at={[3.6, 3.2, 0]} color="#38d0b6" />
      {/* dashboard: speed and score */}
      <Card x={350} y={40} w={144} h={100} accent="#38d0b6">
        {[20, 44, 28, 60, 38].map((bh, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed bars
          <rect key={i} x={18 + i * 22} y={82 - bh} width="12" height={bh} rx="2" fill={i === 3 ? '#ff9a52' : '#38d0b6'} />
        ))}
      </Card>
      <Card x={26} y={262} w={120} h={58}>
        <Badge cx={30} cy={30} r={12} fill="#4d7bff">
          <path d={SHIELD} transform="scale(0.3)" strokeWidth="7" />
        </Badge>
        <Lines x={54} y={20} widths={[50, 34]} gap={14} />
      </Card>
      <Flow from={[0.2, 1, 2]} to={[4, -4, 4.5]} color="#38d0b6" />
    </Scene>
  );
}

function Internet() {
  return (
    <Scene id="internet">
      {/* a phone standing on the plate, its screen towards the viewer's right */}
      <Box x={-0.6} y={-2.2} z={0} w={0.5} d={3.2} h={5.6} tone="blue" />
      <OnPlane plane="right" at={[-0.1, 0.9, 5.4]}>
        <rect x="-2" y="0" width="60" height="104" rx="6" fill="#0f1f4d" />
        <circle cx="28" cy="28" r="13" fill="#7fb2ff" />
        <circle cx="28" cy="24" r="5" fill="#fff" />
        <path d="M19,36 C21,30 35,30 37,36" fill="#fff" />
        <rect x="8" y="52" width="40" height="5" rx="2.5" fill="#c9d8ff" fillOpacity="0.6" />
        <rect x="12" y="62" width="32" height="5" rx="2.5" fill="#c9d8ff" fillOpacity="0.4" />
        <rect x="8" y="78" width="40" height="13" rx="6" fill="#38d0b6" />
      </OnPlane>
      {/* users around it */}
      {(
        [
          [-3.8, -3.6],
          [-4, 1.8],
          [2.8, -3.8],
          [3.2, 2.6],
        ] as Array<[number, number]>
      ).map(([ux, uy], i) => (
        <g key={`${ux}${uy}`}>
          <Flow from={[ux, uy, 0.6]} to={[-0.3, -0.6, 2.4]} color={i % 2 ? '#38d0b6' : '#7fb2ff'} />
          <Cylinder x={ux} y={uy} r={0.7} h={0.6} tone={i % 2 ? 'teal' : 'sky'} />
          <OnPlane plane="top" at={[ux - 0.45, uy - 0.45, 0.6]}>
            <circle cx="9" cy="9" r="7" fill="#fff" fillOpacity="0.9" />
          </OnPlane>
        </g>
      ))}
      <Card x={350} y={46} w={140} h={66} accent="#38d0b6">
        <Badge cx={30} cy={34} r={12}>
          {CHECK}
        </Badge>
        <Lines x={56} y={24} widths={[66, 44]} gap={14} />
      </Card>
      <Card x={24} y={60} w={118} h={70} accent="#ff9a52">
        <Lines x={16} y={22} widths={[84, 60, 72]} gap={14} />
      </Card>
    </Scene>
  );
}

function Government() {
  return (
    <Scene id="government">
      <Box x={-3.6} y={-3.6} w={5.2} d={4.2} h={0.45} tone="white" />
      <Box x={-3.2} y={-3.3} z={0.45} w={4.4} d={2.6} h={2.3} tone="sky" />
      {[-3.2, -2.1, -1, 0.1].map((cx) => (
        <Box key={cx} x={cx} y={-0.5} z={0.45} w={0.5} d={0.5} h={2.3} tone="white" />
      ))}
      <Box x={-3.5} y={-3.5} z={2.75} w={5} d={3.4} h={0.4} tone="white" />
      {/* pediment facing the viewer's left */}
      <OnPlane plane="left" at={[-3.5, -0.1, 3.15]}>
        <polygon points="0,0 50,-24 100,0" fill="#cfdbf5" stroke="#fff" strokeOpacity="0.7" />
        <circle cx="50" cy="-8" r="5" fill="#e5484d" />
      </OnPlane>
      {/* connected departments */}
      {(
        [
          [2.6, -3.6],
          [3.4, 0.4],
          [0.8, 3],
          [-3.6, 2.8],
        ] as Array<[number, number]>
      ).map(([dx, dy]) => (
        <g key={`${dx}${dy}`}>
          <Flow from={[dx + 0.5, dy + 0.5, 0.8]} to={[-0.8, -1.4, 1.4]} color="#38d0b6" />
          <Box x={dx} y={dy} w={1} d={1} h={0.8} tone="teal" />
        </g>
      ))}
      <Card x={352} y={40} w={136} h={100} accent="#e5484d">
        <Lines x={18} y={22} widths={[90, 70, 96]} gap={16} />
        <circle cx="104" cy="74" r="14" fill="none" stroke="#e5484d" strokeWidth="3" />
        <path d="M98,74 L102,78 L110,69" fill="none" stroke="#e5484d" strokeWidth="2.5" strokeLinecap="round" />
      </Card>
    </Scene>
  );
}

function DataAssets() {
  return (
    <Scene id="data">
      {/* a data store: three disks */}
      {[0, 1.1, 2.2].map((z) => (
        <Cylinder key={z} x={-2.8} y={-1.6} z={z} r={1.5} h={0.85} tone={z === 2.2 ? 'sky' : 'blue'} />
      ))}
      {/* flows into the ledger */}
      <Flow from={[-2, -0.2, 1.6]} to={[1.4, 1.4, 1.1]} color="#38d0b6" />
      {/* the ledger (a book lying open) and its value */}
      <Box x={1} y={0.6} w={3.2} d={2.4} h={0.5} tone="white" />
      <OnPlane plane="top" at={[1.3, 0.9, 0.5]}>
        <g fill="#2a52d9" fillOpacity="0.7">
          {[6, 14, 22, 30, 38].map((ly) => (
            <rect key={ly} x="4" y={ly} width={ly % 16 === 6 ? 40 : 48} height="4" rx="2" />
          ))}
        </g>
      </OnPlane>
      <Cylinder x={3.4} y={-2.6} r={0.8} h={1.2} tone="orange" />
      <Cylinder x={1.8} y={-3.6} r={0.8} h={0.7} tone="orange" />
      {/* value chart */}
      <Card x={344} y={34} w={150} h={104} accent="#ff9a52">
        <polyline points="16,84 46,66 72,72 100,42 134,26" fill="none" stroke="#ff9a52" strokeWidth="3" strokeLinejoin="round" strokeLinecap="round" />
        <polygon points="16,84 46,66 72,72 100,42 134,26 134,92 16,92" fill="#ff9a52" fillOpacity="0.16" />
        <circle cx="134" cy="26" r="5" fill="#fff" />
      </Card>
      <Card x={24} y={270} w={128} h={58} accent="#38d0b6">
        <Badge cx={30} cy={30} r={12}>
          {CHECK}
        </Badge>
        <Lines x={54} y={20} widths={[58, 40]} gap={14} />
      </Card>
    </Scene>
  );
}

function Ai() {
  const pins = [-1.6, -0.6, 0.4, 1.4];
  return (
    <Scene id="ai">
      {/* the model chip on its socket */}
      <Box x={-2.4} y={-2.4} w={4.8} d={4.8} h={0.4} tone="white" />
      {pins.map((p) => (
        <g key={p}>
          <Box x={p} y={2.4} w={0.3} d={0.7} h={0.15} tone="sky" />
          <Box x={2.4} y={p} w={0.7} d={0.3} h={0.15} tone="sky" />
        </g>
      ))}
      <Box x={-1.7} y={-1.7} z={0.4} w={3.4} d={3.4} h={0.7} tone="blue" />
      <OnPlane plane="top" at={[-1.7, -1.7, 1.1]}>
        <rect x="8" y="8" width="52" height="52" rx="6" fill="none" stroke="#d3e3ff" strokeOpacity="0.6" />
        <text x="34" y="42" textAnchor="middle" fontSize="22" fontWeight="700" fill="#fff">
          AI
        </text>
      </OnPlane>
      {/* a network of nodes above */}
      <Card x={30} y={40} w={150} h={110} accent="#7fb2ff">
        <g stroke="#7fb2ff" strokeOpacity="0.5">
          {[30, 55, 80].flatMap((ay) => [40, 75].map((by) => <line key={`${ay}-${by}`} x1="30" y1={ay} x2="75" y2={by} />))}
          {[40, 75].flatMap((ay) => [30, 55, 80].map((by) => <line key={`${ay}:${by}`} x1="75" y1={ay} x2="120" y2={by} />))}
        </g>
        {[30, 55, 80].map((cy) => (
          <circle key={`l${cy}`} cx="30" cy={cy} r="6" fill="#7fb2ff" />
        ))}
        {[40, 75].map((cy) => (
          <circle key={`m${cy}`} cx="75" cy={cy} r="7" fill="#38d0b6" />
        ))}
        {[30, 55, 80].map((cy) => (
          <circle key={`r${cy}`} cx="120" cy={cy} r="6" fill="#ff9a52" />
        ))}
      </Card>
      {/* the conversation */}
      <Card x={340} y={60} w={152} h={56} accent="#38d0b6">
        <Lines x={16} y={20} widths={[110, 76]} gap={14} />
      </Card>
      <Card x={360} y={128} w={132} h={44} accent="#ff9a52">
        <Lines x={16} y={18} widths={[92]} />
      </Card>
      <Flow from={[0, 0, 1.2]} to={[-2.8, -4.6, 5.2]} color="#7fb2ff" />
    </Scene>
  );
}

function Face() {
  return (
    <Scene id="face">
      <Box x={-0.6} y={-2.2} w={0.5} d={3.4} h={5.8} tone="blue" />
      <OnPlane plane="right" at={[-0.1, 1.1, 5.6]}>
        <rect x="-2" y="0" width="64" height="108" rx="6" fill="#0f1f4d" />
        <ellipse cx="30" cy="46" rx="18" ry="23" fill="none" stroke="#7fb2ff" strokeWidth="2.5" />
        <circle cx="23" cy="42" r="2.5" fill="#7fb2ff" />
        <circle cx="37" cy="42" r="2.5" fill="#7fb2ff" />
        <path d="M23,55 Q30,60 37,55" fill="none" stroke="#7fb2ff" strokeWidth="2" strokeLinecap="round" />
        <g stroke="#38d0b6" strokeWidth="3" fill="none" strokeLinecap="round">
          <path d="M4,16 V8 H12" />
          <path d="M48,8 H56 V16" />
          <path d="M4,76 V84 H12" />
          <path d="M48,84 H56 V76" />
        </g>
        <line x1="4" x2="56" y1="50" y2="50" stroke="#38d0b6" strokeOpacity="0.8" strokeWidth="1.5" />
      </OnPlane>
      {/* identity documents and a verified match */}
      <Box x={1.6} y={1.4} w={2.6} d={1.7} h={0.2} tone="white" />
      <OnPlane plane="top" at={[1.8, 1.6, 0.2]}>
        <rect x="2" y="4" width="14" height="18" rx="2" fill="#7fb2ff" />
        <rect x="22" y="6" width="22" height="4" rx="2" fill="#2a52d9" fillOpacity="0.6" />
        <rect x="22" y="14" width="16" height="4" rx="2" fill="#2a52d9" fillOpacity="0.4" />
      </OnPlane>
      <Card x={348} y={52} w={144} h={84} accent="#38d0b6">
        <Badge cx={30} cy={34} r={12}>
          {CHECK}
        </Badge>
        <rect x="54" y="26" width="72" height="8" rx="4" fill="#26375f" />
        <rect x="54" y="26" width="68" height="8" rx="4" fill="#38d0b6" />
        <Lines x={54} y={46} widths={[48]} />
        <Lines x={18} y={64} widths={[108]} />
      </Card>
      <Card x={24} y={80} w={120} h={60}>
        <g fill="#7fb2ff">
          {[0, 1, 2, 3, 4, 5].flatMap((c) => [0, 1, 2].map((r) => <circle key={`${c}${r}`} cx={20 + c * 16} cy={18 + r * 13} r={(c + r) % 3 ? 2 : 3} />))}
        </g>
      </Card>
      <Flow from={[2.6, 2.2, 0.4]} to={[-0.1, 0.2, 2.6]} color="#38d0b6" />
    </Scene>
  );
}

function Company() {
  const towers: Array<{ x: number; y: number; h: number; tone: 'sky' | 'blue' | 'white' }> = [
    { x: -3.4, y: -3.6, h: 6, tone: 'blue' },
    { x: -0.6, y: -3.6, h: 4.2, tone: 'sky' },
    { x: -3.4, y: -0.6, h: 3.2, tone: 'white' },
  ];
  return (
    <Scene id="company">
      {towers.map((t) => (
        <g key={`${t.x}${t.y}`}>
          <Box x={t.x} y={t.y} w={2.4} d={2.4} h={t.h} tone={t.tone} />
          <OnPlane plane="left" at={[t.x + 0.3, t.y + 2.4, t.h - 0.4]}>
            {Array.from({ length: Math.floor(t.h * 1.2) }, (_, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of windows
              <rect key={r} x="0" y={r * 16} width="30" height="7" rx="1.5" fill="#fff" fillOpacity="0.35" />
            ))}
          </OnPlane>
        </g>
      ))}
      {/* people */}
      {(
        [
          [1.8, 1.4, 'sky'],
          [3.2, 0.6, 'teal'],
          [2.6, 3, 'orange'],
        ] as Array<[number, number, 'sky' | 'teal' | 'orange']>
      ).map(([px, py, tone]) => (
        <g key={`${px}${py}`}>
          <Cylinder x={px} y={py} r={0.55} h={1} tone={tone} />
          <Cylinder x={px} y={py} z={1.15} r={0.35} h={0.45} tone="white" />
        </g>
      ))}
      <Card x={352} y={40} w={136} h={90} accent="#ff9a52">
        <circle cx="34" cy="42" r="18" fill="none" stroke="#ff9a52" strokeWidth="3" />
        <path d="M26,58 L22,78 L34,70 L46,78 L42,58" fill="#ff9a52" />
        <Lines x={64} y={30} widths={[56, 44, 50]} gap={14} />
      </Card>
    </Scene>
  );
}

function Developer() {
  return (
    <Scene id="developer">
      {/* API blocks wired together */}
      {(
        [
          [-3.8, -1.4, 'sky'],
          [-0.6, -3.8, 'teal'],
          [1.6, 1, 'orange'],
        ] as Array<[number, number, 'sky' | 'teal' | 'orange']>
      ).map(([bx, by, tone]) => (
        <Box key={`${bx}${by}`} x={bx} y={by} w={1.8} d={1.8} h={1.2} tone={tone} />
      ))}
      <Flow from={[-2.9, -0.5, 1.2]} to={[0.3, -2.9, 1.2]} color="#7fb2ff" />
      <Flow from={[0.3, -2.9, 1.2]} to={[2.5, 1.9, 1.2]} color="#38d0b6" />
      <Box x={-2} y={2} w={2.6} d={1.8} h={0.35} tone="white" />
      {/* the code window */}
      <Card x={300} y={36} w={196} h={140} accent="#7fb2ff">
        {[0, 1, 2].map((i) => (
          <circle key={i} cx={16 + i * 12} cy="18" r="4" fill={['#e5484d', '#f5a524', '#38d0b6'][i]} />
        ))}
        {(
          [
            [16, 40, 60, '#ff9a52'],
            [84, 40, 70, '#c9d8ff'],
            [28, 58, 90, '#38d0b6'],
            [28, 76, 120, '#c9d8ff'],
            [28, 94, 70, '#7fb2ff'],
            [16, 112, 30, '#ff9a52'],
          ] as Array<[number, number, number, string]>
        ).map(([lx, ly, lw, c]) => (
          <rect key={`${lx}${ly}`} x={lx} y={ly} width={lw} height="6" rx="3" fill={c} fillOpacity="0.75" />
        ))}
      </Card>
      <Card x={22} y={54} w={120} h={60} accent="#38d0b6">
        <text x="18" y="40" fontSize="20" fontWeight="700" fill="#38d0b6" fontFamily="monospace">
          {'{ }'}
        </text>
        <Lines x={64} y={24} widths={[40, 28]} gap={14} />
      </Card>
    </Scene>
  );
}

const SCENES: Record<HeroArtName, () => React.JSX.Element> = {
  finance: Finance,
  insurance: Insurance,
  logistics: Logistics,
  fleet: Fleet,
  internet: Internet,
  government: Government,
  data: DataAssets,
  ai: Ai,
  face: Face,
  company: Company,
  developer: Developer,
};

/** The illustration of one industry (decorative: hidden from assistive technology). */
export function HeroArt({ name, className }: { name: HeroArtName; className?: string }) {
  const Drawn = SCENES[name];
  return (
    <div className={className}>
      <Drawn />
    </div>
  );
}
