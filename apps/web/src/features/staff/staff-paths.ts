/** The console's URL of a section (and an item in it): /staff/users/<id>. */
export function staffPath(section: string, itemId?: string): string {
  return itemId ? `/staff/${section}/${encodeURIComponent(itemId)}` : `/staff/${section}`;
}
