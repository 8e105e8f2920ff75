// /userCenter/packageName (spec 02 §2, §7 "Packages", menu code 6; issue #23): 包名管理 — the
// Android apps (package name and signing fingerprint) and iOS apps (bundle id) allowed to use the
// company's SDK interfaces; a call of one declaring another app is answered SYSTEM_048.
import type { Metadata } from 'next';
import { PackageNames } from './_components/PackageNames';

export const metadata: Metadata = { title: '包名管理' };

export default function PackageNamePage() {
  return <PackageNames />;
}
