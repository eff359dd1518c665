/** SKELETON: the staff slice replaces this page (the console shell with its sections from staff-sections.ts). */
export function StaffConsolePage() {
  return null;
}
export { StaffConsolePage as Component };
