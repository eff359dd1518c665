/** `s` with LIKE's wildcards and its escape character escaped, so a search matches what was typed. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern for values that contain `s` as typed. */
export const containsPattern = (s: string): string => `%${escapeLike(s)}%`;
