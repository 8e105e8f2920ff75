// Designed marks for the company pages: a certificate's seal (its kind in a stamped ring) and a
// person's avatar (a drawn bust on a tinted disc) instead of initials. Plain SVG, no JS.

/** The kind of a certificate from its name, as the short word stamped in its seal. */
export function certificateKind(name: string): string {
  const rules: Array<[RegExp, string]> = [
    [/经营许可证/, '许可'],
    [/等级保护/, '等保'],
    [/ISO/, 'ISO'],
    [/著作权/, '软著'],
    [/专利/, '专利'],
    [/登记/, '登记'],
    [/高新|专精特新/, '认定'],
  ];
  return rules.find(([re]) => re.test(name))?.[1] ?? '资质';
}

const SEAL_TONES = {
  许可: '#1d5cff',
  等保: '#0e8a78',
  ISO: '#1d5cff',
  软著: '#6a4cff',
  专利: '#c8480b',
  登记: '#0e8a78',
  认定: '#c8480b',
  资质: '#1d5cff',
} as const;

/** A round seal: two rings, a row of dots, the kind and the year. Decorative (the card says it in words). */
export function Seal({ kind, year }: { kind: string; year: string }) {
  const tone = SEAL_TONES[kind as keyof typeof SEAL_TONES] ?? '#1d5cff';
  return (
    <svg viewBox="0 0 72 72" width="64" height="64" aria-hidden="true" focusable="false">
      <circle cx="36" cy="36" r="34" fill={tone} fillOpacity="0.08" />
      <circle cx="36" cy="36" r="30" fill="none" stroke={tone} strokeWidth="2.5" />
      <circle cx="36" cy="36" r="24.5" fill="none" stroke={tone} strokeWidth="1" strokeDasharray="2 3" />
      <text x="36" y="39" textAnchor="middle" fontSize={kind.length > 2 ? 13 : 15} fontWeight="700" fill={tone}>
        {kind}
      </text>
      <text x="36" y="52" textAnchor="middle" fontSize="7.5" fill={tone} fillOpacity="0.85">
        {year}
      </text>
      <path d="M27,24 L36,19 L45,24" fill="none" stroke={tone} strokeWidth="1.6" strokeLinejoin="round" />
    </svg>
  );
}

const AVATAR_TONES = [
  ['#e8efff', '#1d5cff'],
  ['#e3f7f3', '#0e8a78'],
  ['#fff0e6', '#c8480b'],
  ['#efeaff', '#6a4cff'],
] as const;

/** A drawn person on a tinted disc; `index` picks the tone so neighbours differ. */
export function Avatar({ index }: { index: number }) {
  const [bg, fg] = AVATAR_TONES[index % AVATAR_TONES.length] ?? AVATAR_TONES[0];
  return (
    <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="32" fill={bg} />
      <clipPath id={`avatar-clip-${index}`}>
        <circle cx="32" cy="32" r="32" />
      </clipPath>
      <g clipPath={`url(#avatar-clip-${index})`}>
        <path d="M10,66 C10,50 20,42 32,42 C44,42 54,50 54,66 Z" fill={fg} />
        <path d="M27,42 L32,50 L37,42 Z" fill="#fff" fillOpacity="0.9" />
        <circle cx="32" cy="27" r="11" fill={fg} fillOpacity="0.85" />
      </g>
    </svg>
  );
}
