/**
 * siunitx quantities as math: `\qty{3}{\meter\per\second}` (and `\SI`) → `3\,\mathrm{m\,s^{-1}}`,
 * `\si`/`\unit` → the unit, `\num{1.5e-3}` → `1.5\times10^{-3}`, the `range` forms with "to".
 * Rewritten before conversion as `\ensuremath{…}`, so they become `$…$` in text and plain
 * LaTeX inside math. Common SI units and prefixes only; an unknown unit macro keeps its name
 * upright (`\parsec` → `parsec`), and literal units (`\si{km/s}`) stay as written.
 */
import { group, optional } from './scan.ts';

const PREFIXES: Record<string, string> = {
  yocto: 'y',
  zepto: 'z',
  atto: 'a',
  femto: 'f',
  pico: 'p',
  nano: 'n',
  micro: '\\mu ',
  milli: 'm',
  centi: 'c',
  deci: 'd',
  deca: 'da',
  hecto: 'h',
  kilo: 'k',
  mega: 'M',
  giga: 'G',
  tera: 'T',
  peta: 'P',
  exa: 'E',
  zetta: 'Z',
  yotta: 'Y',
};

const UNITS: Record<string, string> = {
  meter: 'm',
  metre: 'm',
  second: 's',
  kilogram: 'kg',
  gram: 'g',
  kelvin: 'K',
  ampere: 'A',
  mole: 'mol',
  candela: 'cd',
  hertz: 'Hz',
  newton: 'N',
  pascal: 'Pa',
  joule: 'J',
  watt: 'W',
  coulomb: 'C',
  volt: 'V',
  ohm: '\\Omega',
  farad: 'F',
  siemens: 'S',
  tesla: 'T',
  henry: 'H',
  weber: 'Wb',
  becquerel: 'Bq',
  gray: 'Gy',
  sievert: 'Sv',
  lumen: 'lm',
  lux: 'lx',
  radian: 'rad',
  steradian: 'sr',
  electronvolt: 'eV',
  liter: 'L',
  litre: 'L',
  minute: 'min',
  hour: 'h',
  day: 'd',
  year: 'yr',
  bar: 'bar',
  byte: 'B',
  bit: 'bit',
  dalton: 'Da',
  atomicmassunit: 'u',
  astronomicalunit: 'au',
  parsec: 'pc',
  angstrom: '\\text{Å}',
  decibel: 'dB',
  percent: '\\%',
  degree: '{}^{\\circ}',
  degreeCelsius: '{}^{\\circ}\\mathrm{C}',
  arcminute: '{}^{\\prime}',
  arcsecond: '{}^{\\prime\\prime}',
  arcsec: '{}^{\\prime\\prime}',
  arcmin: '{}^{\\prime}',
  // The short forms siunitx also defines.
  m: 'm',
  s: 's',
  kg: 'kg',
  g: 'g',
  K: 'K',
  A: 'A',
  mol: 'mol',
  Hz: 'Hz',
  N: 'N',
  Pa: 'Pa',
  J: 'J',
  W: 'W',
  V: 'V',
  eV: 'eV',
  km: 'km',
  cm: 'cm',
  mm: 'mm',
  um: '\\mu m',
  nm: 'nm',
  ms: 'ms',
  us: '\\mu s',
  ns: 'ns',
  kHz: 'kHz',
  MHz: 'MHz',
  GHz: 'GHz',
  keV: 'keV',
  MeV: 'MeV',
  GeV: 'GeV',
  TeV: 'TeV',
  L: 'L',
  mL: 'mL',
};

const POWERS: Record<string, string> = { square: '2', cubic: '3', squared: '2', cubed: '3' };

/** A unit argument (`\kilo\meter\per\second\squared`, or literal `km/s`) → LaTeX for inside math. */
export function unitMath(u: string): string {
  const t = u.trim();
  if (!/\\/.test(t)) return t ? `\\mathrm{${t.replace(/[.~]|\s+/g, '\\,')}}` : '';
  const out: string[] = [];
  let prefix = '';
  let per = false;
  let pre: string | null = null; // \square, \cubic: the power of the next unit
  const re = /\\([a-zA-Z]+)\s*(?:\{([^{}]*)\})?|([^\\\s]+)/g;
  for (const m of t.matchAll(re)) {
    const name = m[1];
    if (!name) {
      out.push(`${prefix}${m[3]!}`); // literal text between unit macros (\micro m)
      prefix = '';
      continue;
    }
    if (name in PREFIXES) prefix += PREFIXES[name];
    else if (name === 'per') per = true;
    else if (name === 'square' || name === 'cubic') pre = POWERS[name]!;
    else if (name === 'squared' || name === 'cubed' || name === 'tothe' || name === 'raiseto') {
      const p = name === 'squared' || name === 'cubed' ? POWERS[name]! : (m[2] ?? '');
      const last = out.pop() ?? '';
      out.push(raise(last, p));
    } else {
      const sym = `${prefix}${UNITS[name] ?? name}`;
      prefix = '';
      const power = per ? `-${pre ?? '1'}` : pre;
      out.push(power && power !== '1' ? `${sym}^{${power}}` : sym);
      per = false;
      pre = null;
    }
  }
  return `\\mathrm{${out.join('\\,')}}`;
}

/** `s^{-1}` squared is `s^{-2}`; a plain symbol gets the power. */
function raise(sym: string, p: string): string {
  const m = /^(.*)\^\{(-?)(\d+)\}$/.exec(sym);
  if (m && /^\d+$/.test(p)) return `${m[1]}^{${m[2]}${Number(m[3]) * Number(p)}}`;
  return `${sym}^{${p}}`;
}

/** A number as siunitx prints it: `1.5e-3` → `1.5\times10^{-3}`, `+-` → `\pm`. */
export function numberMath(n: string): string {
  return n
    .trim()
    .replace(/\s+/g, '')
    .replace(/\+-/g, '\\pm ')
    .replace(/([0-9.]*)[eE]([+-]?\d+)/g, (_m, mant: string, exp: string) => {
      const e = exp.replace(/^\+/, '');
      return mant ? `${mant}\\times10^{${e}}` : `10^{${e}}`;
    })
    .replace(/\\times10\^\{(-?)0*(\d+)\}/g, '\\times10^{$1$2}');
}

const ARGS: Record<string, number> = {
  SI: 2,
  qty: 2,
  si: 1,
  unit: 1,
  num: 1,
  SIrange: 3,
  qtyrange: 3,
  numrange: 2,
  ang: 1,
};

/**
 * Rewrite every siunitx command in a document as `\ensuremath{…}` math. `\qty` and `\unit` only
 * when the preamble loads siunitx: the `physics` package has its own `\qty` (sized brackets).
 */
export function expandUnits(s: string, preamble: string): string {
  if (!/\\(SI|qty|si|unit|num|SIrange|qtyrange|numrange|ang)\b/.test(s)) return s;
  const siunitx = /\\usepackage\s*(\[[^\]]*\])?\s*\{[^}]*\bsiunitx\b[^}]*\}/.test(preamble);
  const re = siunitx
    ? /\\(SIrange|qtyrange|numrange|SI|qty|si|unit|num|ang)(?![a-zA-Z@])/g
    : /\\(SIrange|numrange|SI|si|num|ang)(?![a-zA-Z@])/g;
  let out = '';
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const name = m[1]!;
    let i = m.index + m[0].length;
    const o = optional(s, i); // options: ignored
    if (o) i = o.end + 1;
    const args: string[] = [];
    for (let k = 0; k < ARGS[name]!; k++) {
      const g = group(s, i);
      if (!g) break;
      args.push(g.inner);
      i = g.end;
    }
    if (args.length !== ARGS[name]) continue;
    out += `${s.slice(last, m.index)}\\ensuremath{${quantity(name, args)}}`;
    last = i;
    re.lastIndex = i;
  }
  return out + s.slice(last);
}

function quantity(name: string, a: string[]): string {
  const q = (n: string, u: string) => `${numberMath(n)}\\,${unitMath(u)}`;
  switch (name) {
    case 'SI':
    case 'qty':
      return q(a[0]!, a[1]!);
    case 'si':
    case 'unit':
      return unitMath(a[0]!);
    case 'num':
      return numberMath(a[0]!);
    case 'ang':
      return `${numberMath(a[0]!.replace(/;/g, ''))}^{\\circ}`;
    case 'numrange':
      return `${numberMath(a[0]!)}\\text{ to }${numberMath(a[1]!)}`;
    default:
      return `${q(a[0]!, a[2]!)}\\text{ to }${q(a[1]!, a[2]!)}`;
  }
}
