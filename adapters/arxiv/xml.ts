/**
 * Shared XML plumbing for the Atom and RSS parsers: one fast-xml-parser configuration, a
 * well-formedness check that becomes ARXIV_MALFORMED, and small accessors over the parsed tree.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { AppError } from '../../domain/errors.ts';

export type XmlNode = Record<string, unknown>;

const ARRAY_TAGS = new Set(['entry', 'item', 'author', 'link', 'category', 'affiliation']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // `arxiv:doi`, `opensearch:totalResults`, `dc:rights` -> `doi`, `totalResults`, `rights`: the two
  // API generations declare these namespaces in different places (feed vs each element).
  removeNSPrefix: true,
  // Ids like 1707.08567 must stay strings.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ARRAY_TAGS.has(name),
});

/** Parses `xml`, or throws ARXIV_MALFORMED quoting its first bytes (a truncated or non-XML body). */
export function parseXml(xml: string, what: string): XmlNode {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const head = xml.slice(0, 120).replace(/\s+/g, ' ');
    throw new AppError(
      'ARXIV_MALFORMED',
      `arXiv returned malformed ${what} (${valid.err.msg} at line ${valid.err.line}); it starts with: ${JSON.stringify(head)}`,
      // A cut-off transfer is the usual cause; another attempt normally gets the whole document.
      { retryable: true, details: { head } },
    );
  }
  return parser.parse(xml) as XmlNode;
}

/** The text content of a node that may carry attributes (`{ '#text': … }`) or be a plain string. */
export function text(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (typeof v === 'object' && '#text' in v) return String((v as XmlNode)['#text']);
  return '';
}

/** Collapses runs of whitespace (arXiv wraps titles and abstracts at ~80 columns). */
export function squash(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

export function nodes(v: unknown): XmlNode[] {
  if (Array.isArray(v)) return v.filter((x): x is XmlNode => typeof x === 'object' && x !== null);
  return typeof v === 'object' && v !== null ? [v as XmlNode] : [];
}

export function attr(n: XmlNode | undefined, name: string): string {
  const v = n?.[`@_${name}`];
  return typeof v === 'string' ? v : '';
}

/** Non-empty trimmed text or null. */
export function optionalText(v: unknown): string | null {
  const s = squash(text(v));
  return s ? s : null;
}

/** True when the comment or abstract says the paper was withdrawn (arXiv keeps the record). */
export function looksWithdrawn(comment: string | null, abstract: string): boolean {
  return (
    /\b(paper|article|submission|manuscript)\s+(has\s+been|is|was)\s+withdrawn\b|^\s*withdrawn\b/i.test(
      comment ?? '',
    ) ||
    /^\s*(this\s+(paper|article|submission|manuscript)\s+(has\s+been|is|was)\s+withdrawn|withdrawn)\b/i.test(
      abstract,
    )
  );
}
