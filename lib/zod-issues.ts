/**
 * Validation issues (zod's, or any with a path and a message) as one line a caller can act on:
 * `limit: Too big: expected number to be <=50; query: …`. The agent's tools, the MCP server and
 * the web app all say what was wrong with their input this way.
 */
export interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Every issue, `<path>: <message>`, joined by `; `; `whole` names an issue of the input itself. */
export function formatIssues(issues: readonly Issue[], whole = 'arguments'): string {
  return issues
    .map((i) => `${i.path.length ? i.path.map(String).join('.') : whole}: ${oneLine(i.message)}`)
    .join('; ');
}
