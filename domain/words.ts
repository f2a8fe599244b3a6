/** Counted nouns for messages people read: "1 result", "2 results", "0 papers". */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
