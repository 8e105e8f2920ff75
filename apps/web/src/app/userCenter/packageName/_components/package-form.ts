// The form's values checked by the same schema the server parses (contracts' SavePackageNameInput):
// its first message per field, so the form shows what the server would answer.
import { SavePackageNameInput } from '@apimarket/contracts';

export interface PackageFormValues {
  platform: 'android' | 'ios';
  appName: string;
  packageName: string;
  signature: string;
  remark: string;
}

export function formProblems(values: PackageFormValues): Record<string, string> {
  const parsed = SavePackageNameInput.safeParse(values);
  const out: Record<string, string> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'packageName');
    out[field] ??= issue.message;
  }
  return out;
}
