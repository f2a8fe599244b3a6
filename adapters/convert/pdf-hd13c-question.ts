/**
 * A short subsection title set on its own line may end in `.` or `?` once its section is known;
 * a question runs longer than a label (`4.2 What are the best predictors of type 4 bugs?`, a
 * research question as a subsection title), so it is allowed the word count of any heading (hd13c).
 */
export function shortPunctuatedTitle(rest: string): boolean {
  return rest.split(/\s+/).length <= (/\?$/.test(rest) ? 12 : 8);
}
