// The contracts' field rules (zod) for forms that sit on a page's first paint (the bottom banner,
// the face landing's quote form): fetched when the visitor starts to use the form, not with the
// page, so pages that only show the form do not load the validation library up front.
let rules: Promise<typeof import('@apimarket/contracts')> | null = null;

export function loadRules(): Promise<typeof import('@apimarket/contracts')> {
  rules ??= import('@apimarket/contracts');
  return rules;
}
