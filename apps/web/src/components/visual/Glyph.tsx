// Named line icons for the marketing pages' small marks (steps, industries, trust points), drawn
// with Tabler like the catalogue's icons; content files name them by key, never by component.
import {
  IconBuildingCommunity,
  IconCoinYuan,
  IconEyeOff,
  IconKey,
  IconLicense,
  IconLock,
  IconRoute,
  IconShieldCheck,
  IconShoppingCart,
  IconTruck,
  IconUmbrella,
  IconUserPlus,
  IconWorld,
} from '@tabler/icons-react';

const GLYPHS = {
  register: IconUserPlus,
  licence: IconLicense,
  cart: IconShoppingCart,
  key: IconKey,
  internet: IconWorld,
  insurance: IconUmbrella,
  logistics: IconTruck,
  finance: IconCoinYuan,
  government: IconBuildingCommunity,
  shield: IconShieldCheck,
  lock: IconLock,
  trace: IconRoute,
  mask: IconEyeOff,
} as const;

export type GlyphName = keyof typeof GLYPHS;

export function Glyph({ name, size = 24, stroke = 1.7 }: { name: GlyphName; size?: number; stroke?: number }) {
  const Drawn = GLYPHS[name];
  return <Drawn size={size} stroke={stroke} aria-hidden="true" focusable="false" />;
}
