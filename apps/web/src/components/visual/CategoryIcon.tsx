// The catalogue's icons: a category's `icon` key (seed: idcard, face, ocr…) drawn with a Tabler
// line icon. Tabler components are forwardRef + createElement only, so on a server page they
// render as plain <svg> and ship no JS (see the look notes: @ant-design/icons is 'use client').
import {
  IconApi,
  IconBuildingBank,
  IconBuildingSkyscraper,
  IconCar,
  IconCreditCard,
  IconDeviceMobile,
  IconFaceId,
  IconGavel,
  IconId,
  IconScan,
  IconShieldCheck,
  IconTruckDelivery,
} from '@tabler/icons-react';

const BY_KEY = {
  idcard: IconId,
  face: IconFaceId,
  ocr: IconScan,
  bankcard: IconCreditCard,
  phone: IconDeviceMobile,
  vehicle: IconCar,
  company: IconBuildingSkyscraper,
  insurance: IconShieldCheck,
  logistics: IconTruckDelivery,
  judicial: IconGavel,
  government: IconBuildingBank,
} as const;

/** The icon of a category key; an unknown key (a category added later) gets the generic API mark. */
export function CategoryIcon({ name, size = 22, stroke = 1.7 }: { name: string; size?: number; stroke?: number }) {
  const Drawn = BY_KEY[name as keyof typeof BY_KEY] ?? IconApi;
  return <Drawn size={size} stroke={stroke} aria-hidden="true" focusable="false" />;
}
