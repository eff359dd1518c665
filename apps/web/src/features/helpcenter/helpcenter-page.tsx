/** SKELETON: the docs slice replaces this page (the help center shell with its tabs from helpcenter-tabs.ts). */
export function HelpCenterPage() {
  return null;
}
export { HelpCenterPage as Component };
