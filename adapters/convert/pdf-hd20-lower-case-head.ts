/**
 * A numbered heading whose title is a name kept in lower case (session 19, helper "hd20", issue
 * #30): a program, package or command (`2.4 rserve client`, `5.2.2 kalman filter R`, `3.1 numpy
 * arrays`). A title starts with a capital as a rule, so a lower-case start marks a sentence running
 * on from a list number; but a line in bold display type that carries the outline's next number is
 * set as a heading by the class whatever its first letter: prose is never set so.
 */
import { isSuccessor, type SectionNumber } from './pdf-numbering.ts';

/** `n` opens a lower-case title on a line in bold heading type (`display`), the outline's next number after `last`. */
export function lowerCaseNameHead(n: SectionNumber, display: boolean, last: SectionNumber | null): boolean {
  return display && /^\p{Ll}\p{L}/u.test(n.rest) && isSuccessor(n, last);
}
