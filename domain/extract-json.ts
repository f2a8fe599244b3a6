/** Reading JSON out of a model's reply: pure, shared by the core and the LLM adapters. */

/** Pulls the first JSON object out of a model reply (models often wrap JSON in ``` fences or prose). */
export function extractJson(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  const candidate = fenced?.[1] ?? content;
  const start = candidate.indexOf('{');
  const end = candidate.lastIndexOf('}');
  if (start < 0 || end <= start) throw new SyntaxError('no JSON object in the reply');
  return JSON.parse(candidate.slice(start, end + 1));
}
