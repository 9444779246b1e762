/** The LIKE/ILIKE pattern of the values containing `v`: its %, _ and \ are matched as themselves. */
export const containsPattern = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
