/**
 * A line of program code is never a heading. Code listings in a typewriter face look like heads
 * set in a face of their own (short, alone, spaced, text below: JSS's `R> game1 <- lakers[…]`),
 * but a heading's words never carry a programming language's syntax: an interpreter's prompt at
 * the start (`R>`, `>>>`, `In [1]:`), an assignment or comparison operator (`<-`, `==`, `:=`), or
 * a member accessed with `$` (`lakers$time`). These forms are the same in every language and
 * layout. (A call's parenthesis is no sign: mathematics glues it too, `SU(2) lattice gauge theory`.)
 */
const PROMPT = /^(?:(?:R>|>>>)\s?|(?:>|\$|In \[\d*\]:)\s)/;
const OPERATOR = /\s(?:<-|<<-|==|!=|:=|\+=)\s/;
const MEMBER = /\p{L}\$\p{L}/u;

/** hd21: a format string's escape or placeholder (a prompt template's `Question ({subject}):\n{question}`). */
const TEMPLATE = /\\[nt](?!\p{Ll})|\{[a-z_][a-z0-9_]*\}/u;

/** The line reads as program code rather than words. */
export function looksLikeCode(text: string): boolean {
  return PROMPT.test(text) || OPERATOR.test(text) || MEMBER.test(text) || TEMPLATE.test(text);
}
