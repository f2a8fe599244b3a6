/**
 * LaTeX source → Markdown (adapters/convert/latex.ts): the constructs one at a time on small
 * hand-written documents, the hostile archives the converter must refuse, and real arXiv sources
 * (test/fixtures/latex, see MANIFEST.md) end to end in the sandbox child.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { convertLatex } from '../../../../adapters/convert/latex.ts';
import { unpackSource } from '../../../../adapters/convert/latex/archive.ts';
import { prepare } from '../../../../adapters/convert/latex/preprocess.ts';
import { displayFormulas, score } from '../../../../scripts/eval-math.ts';
import { closeSandboxes, convertInSandbox } from '../../../../adapters/convert/sandbox.ts';
import { isAppError } from '../../../../domain/errors.ts';
import { FIXTURES_DIR } from '../../../support/corpus.ts';
import { gzip, gzipBomb, manyFiles, tar } from '../../../support/tar.ts';

const doc = (body: string, preamble = '') =>
  `\\documentclass{article}\n${preamble}\n\\begin{document}\n${body}\n\\end{document}\n`;
const md = (tex: string | Buffer) => convertLatex(typeof tex === 'string' ? Buffer.from(tex) : tex).markdown;
const fixture = (name: string) => readFileSync(path.join(FIXTURES_DIR, 'latex', name));

describe('convertLatex: constructs', () => {
  it('keeps inline and display math as LaTeX, equation and align as display blocks', () => {
    const out = md(
      doc(
        'Let $x^2$ and \\(y\\) be given.\n\\begin{equation}\\label{eq:a}E = mc^2\\end{equation}\n\\begin{align*}a &= b \\\\ c &= d\\end{align*}\n\\[ z \\] and $$w$$',
      ),
    );
    assert.match(out, /Let \$x\^2\$ and \$y\$ be given\./);
    assert.match(out, /^\$\$E = mc\^2 \\tag\{1\}\$\$$/m, 'a numbered equation shows its number');
    assert.match(out, /^\$\$\\begin\{aligned\}a &= b \\\\ c &= d\\end\{aligned\}\$\$$/m);
    assert.match(out, /^\$\$z\$\$$/m);
    assert.match(out, /^\$\$w\$\$$/m);
    assert.doesNotMatch(out, /\\label/);
  });

  it('expands \\newcommand (with an optional argument), \\def and \\DeclareMathOperator', () => {
    const pre =
      '\\newcommand{\\R}{\\mathbb{R}}\n\\newcommand{\\norm}[2][2]{\\|#2\\|_{#1}}\n\\def\\eps{\\varepsilon}\n\\def\\pair#1#2{(#1,#2)}\n\\DeclareMathOperator{\\Tr}{Tr}\n\\DeclareMathOperator*{\\argmax}{arg\\,max}';
    const out = md(
      doc('$x \\in \\R$, $\\norm{v}$, $\\norm[1]{v}$, $\\eps\\pair{a}{b}$, $\\Tr A$, $\\argmax_x f$', pre),
    );
    assert.match(
      out,
      /\$x \\in \\mathbb\{R\}\$, \$\\\|v\\\|_\{2\}\$, \$\\\|v\\\|_\{1\}\$, \$\\varepsilon\(a,b\)\$, \$\\operatorname\{Tr\} A\$, \$\\operatorname\*\{arg\\,max\}_x f\$/,
    );
    assert.doesNotMatch(out, /newcommand|DeclareMathOperator/);
  });

  it('stops a macro that expands into itself instead of hanging', () => {
    const r = convertLatex(Buffer.from(doc('$\\loop$ text', '\\newcommand{\\loop}{a\\loop}')));
    assert.ok(
      r.warnings.some((w) => /expands into itself/.test(w)),
      r.warnings.join('; '),
    );
    assert.match(r.markdown, /text/);
  });

  it('numbers sections (appendix by letter), drops comments and \\iffalse blocks', () => {
    const out = md(
      doc(
        '\\section{Intro}\nA % hidden comment\nB\n\\iffalse secret \\fi\n\\subsection{Sub}\n\\section*{Unnumbered}\n\\appendix\n\\section{Proofs}\n\\begin{comment}gone\\end{comment}',
      ),
    );
    assert.match(out, /^## 1 Intro$/m);
    assert.match(out, /^### 1\.1 Sub$/m);
    assert.match(out, /^## Unnumbered$/m);
    assert.match(out, /^## A Proofs$/m);
    assert.match(out, /^A B$/m);
    assert.doesNotMatch(out, /hidden|secret|gone/);
  });

  it('resolves \\input and \\include relative to the main file, and references to their numbers', () => {
    const src = gzip(
      tar([
        [
          'paper/sections/intro.tex',
          '\\section{Intro}\\label{sec:intro}\nSee Eq.~\\eqref{eq:one} and Section~\\ref{sec:intro}; \\autoref{sec:intro}, \\cref{eq:one}.\n\\begin{equation}a=b\\label{eq:one}\\end{equation}',
        ],
        ['paper/main.tex', doc('\\input{sections/intro}\n\\include{sections/more}')],
        ['paper/sections/more.tex', 'More text.'],
      ]),
    );
    const out = md(src);
    assert.match(out, /^## 1 Intro$/m);
    assert.match(out, /See Eq\. \(1\) and Section 1; Section 1, Eq\. \(1\)\./);
    assert.match(out, /More text\./);
  });

  it('turns figures into captions, simple tabulars into tables and others into fenced LaTeX', () => {
    const out = md(
      doc(
        '\\begin{figure}\\includegraphics{x.pdf}\\caption{A plot of $f$.}\\label{fig:a}\\end{figure}\n' +
          '\\begin{table}\\caption{Results}\\begin{tabular}{lc}\\toprule Model & Acc \\\\ \\midrule A & 0.9 \\\\ \\bottomrule\\end{tabular}\\end{table}\n' +
          '\\begin{tabular}{cc}\\begin{tabular}{c}x\\end{tabular} & y \\\\ a & b\\end{tabular}\nFigure~\\ref{fig:a}.',
      ),
    );
    assert.match(out, /^\*\*Figure 1:\*\* A plot of \$f\$\.$/m);
    assert.match(out, /^\*\*Table 1:\*\* Results$/m);
    assert.match(out, /^\| Model \| Acc \|\n\| --- \| --- \|\n\| A \| 0\.9 \|$/m);
    assert.match(
      out,
      /^```latex\n\\begin\{tabular\}\{cc\}\\begin\{tabular\}/m,
      'a table in a cell stays LaTeX',
    );
    assert.match(out, /Figure 1\./);
  });

  it('writes a placeholder for a TikZ picture, keeping its figure caption', () => {
    const out = md(
      doc(
        '\\begin{figure}\\centering\\begin{tikzpicture}\\draw (0,0) -- node{secret label} (1,1);\\end{tikzpicture}\\caption{The setup.}\\label{fig:t}\\end{figure}\n' +
          'Inline: \\begin{tikzpicture}\\node{x};\\end{tikzpicture}\n\nSee Figure~\\ref{fig:t}.',
      ),
    );
    assert.match(out, /^\*\[TikZ figure: not converted\]\*\n\n\*\*Figure 1:\*\* The setup\.$/m);
    assert.match(out, /^Inline:\n\n\*\[TikZ figure: not converted\]\*$/m);
    assert.match(out, /See Figure 1\./);
    assert.doesNotMatch(out, /secret label|draw|node/);
  });

  it('renders \\multicolumn and \\multirow tables as Markdown, a spanning cell in its first column', () => {
    const out = md(
      doc(
        '\\begin{tabular}{lccc}\\toprule & \\multicolumn{2}{c}{Accuracy} & Time \\\\ \\cmidrule(lr){2-3} Model & val & test & s \\\\ \\midrule' +
          ' \\multirow{2}{*}{Ours} & 0.9 & 0.8 & 3 \\\\ & 0.7 & \\makecell{0.6\\\\(avg)} \\\\ \\multicolumn{4}{c}{\\emph{all}}\\\\ \\bottomrule\\end{tabular}',
      ),
    );
    assert.match(
      out,
      /^\| {2}\| Accuracy \| {2}\| Time \|\n\| --- \| --- \| --- \| --- \|\n\| Model \| val \| test \| s \|\n\| Ours \| 0\.9 \| 0\.8 \| 3 \|\n\| {2}\| 0\.7 \| 0\.6 \(avg\) \| {2}\|\n\| \*all\* \| {2}\| {2}\| {2}\|$/m,
    );
    assert.doesNotMatch(out, /multicolumn|multirow|makecell/);
  });

  it('turns siunitx quantities into math, in text and inside formulas', () => {
    const out = md(
      doc(
        'At \\qty{3}{\\meter\\per\\second} and \\SI[round-mode=places]{1.5e-3}{\\kilo\\gram\\metre\\per\\second\\squared}, ' +
          '\\num{2e6} samples of \\si{\\micro\\meter} grains, \\SI{5}{km/s}, \\SIrange{1}{2}{\\hertz}, \\qty{20}{\\percent}. $v = \\qty{3}{\\meter\\per\\second}$',
        '\\usepackage{siunitx}',
      ),
    );
    assert.match(
      out,
      /At \$3\\,\\mathrm\{m\\,s\^\{-1\}\}\$ and \$1\.5\\times10\^\{-3\}\\,\\mathrm\{kg\\,m\\,s\^\{-2\}\}\$,/,
    );
    assert.match(
      out,
      /\$2\\times10\^\{6\}\$ samples of \$\\mathrm\{\\mu m\}\$ grains, \$5\\,\\mathrm\{km\/s\}\$/,
    );
    assert.match(out, /\$1\\,\\mathrm\{Hz\}\\text\{ to \}2\\,\\mathrm\{Hz\}\$, \$20\\,\\mathrm\{\\%\}\$\./);
    assert.match(out, /\$v = \{3\\,\\mathrm\{m\\,s\^\{-1\}\}\}\$/);
    assert.doesNotMatch(out, /\\(qty|SI|si|num|meter|per)\b/);
    // Without siunitx, \qty is the physics package's sized brackets: left as written.
    assert.match(md(doc('$\\qty{a}{b}$', '\\usepackage{physics}')), /\$\\qty\{a\}\{b\}\$/);
  });

  it('expands \\def with delimited parameters', () => {
    const out = md(
      doc(
        'Take $\\half 3.$ and $\\pt(a,b)$ and $\\pt({x,y},z)$.',
        '\\def\\half#1.{\\frac{#1}{2}}\n\\def\\pt(#1,#2){\\langle #1\\mid #2\\rangle}',
      ),
    );
    assert.match(
      out,
      /Take \$\\frac\{3\}\{2\}\$ and \$\\langle a\\mid b\\rangle\$ and \$\\langle x,y\\mid z\\rangle\$\./,
    );
    assert.doesNotMatch(out, /\\def|#1|\\half|\\pt/);
  });

  it('numbers align and gather rows as LaTeX does (\\nonumber and \\tag rows skipped), with \\eqref to them', () => {
    const out = md(
      doc(
        '\\begin{equation}x\\end{equation}\n\\begin{equation}y \\nonumber\\end{equation}\n\\begin{equation}z \\tag{\\texttt{z}}\\end{equation}\n\\begin{align}a &= b \\\\ c &= d \\nonumber \\\\ e &= f \\label{eq:f}\\end{align}\n' +
          '\\begin{gather}g \\tag{*} \\\\ h\\label{eq:h}\\end{gather}\n\\begin{align*}p &= q\\end{align*}\n\\begin{align*}r \\tag{R} \\\\ s \\tag{S}\\end{align*}\nSee \\eqref{eq:f} and \\eqref{eq:h}.',
      ),
    );
    assert.match(out, /^\$\$x \\tag\{1\}\$\$$/m);
    assert.match(
      out,
      /^\$\$\\begin\{align\*\}a &= b \\tag\{2\}\\\\c &= d \\\\e &= f \\tag\{3\}\\end\{align\*\}\$\$$/m,
    );
    assert.match(out, /^\$\$\\begin\{gather\*\}g \\tag\{\*\} \\\\h \\tag\{4\}\\end\{gather\*\}\$\$$/m);
    assert.match(out, /^\$\$\\begin\{aligned\}p &= q\\end\{aligned\}\$\$$/m, 'align* stays unnumbered');
    assert.match(out, /^\$\$y\$\$$/m, 'an equation with \\nonumber takes no number');
    assert.match(out, /^\$\$z \\tag\{\\texttt\{z\}\}\$\$$/m, 'its own \\tag, not a number');
    // KaTeX allows one \tag in aligned: rows with their own tags need align*.
    assert.match(out, /^\$\$\\begin\{align\*\}r \\tag\{R\} \\\\ s \\tag\{S\}\\end\{align\*\}\$\$$/m);
    assert.match(out, /See \(3\) and \(4\)\./);
  });

  it('names the authors for \\citet from a natbib or standard-style .bbl, numbers for \\citep', () => {
    const natbib =
      '\\begin{thebibliography}{2}\n\\bibitem[{Knuth}(1984)]{knuth} D.~Knuth. \\newblock The TeXbook. 1984.\n' +
      '\\bibitem[Lamport et~al.(1994)Lamport, Goossens, and Mittelbach]{lamport} L.~Lamport, M.~Goossens, F.~Mittelbach. \\newblock LaTeX. 1994.\n\\end{thebibliography}';
    const body =
      '\\citet{knuth} and \\citet[p.~3]{lamport}; \\citep{knuth}; \\citeauthor{lamport} (\\citeyear{lamport}); \\citet{knuth,lamport}.';
    const out = md(
      gzip(
        tar([
          ['main.tex', doc(body)],
          ['main.bbl', natbib],
        ]),
      ),
    );
    assert.match(
      out,
      /Knuth \[1\] and Lamport et al\. \[2, p\. 3\]; \[1\]; Lamport et al\. \(1994\); Knuth \[1\], Lamport et al\. \[2\]\./,
    );
    const plain =
      '\\begin{thebibliography}{2}\n\\bibitem{knuth} Donald~E. Knuth.\n\\newblock The TeXbook. 1984.\n' +
      '\\bibitem{lg} Leslie Lamport and Michel Goossens.\n\\newblock LaTeX. 1994.\n\\bibitem{three} A.~One, B.~Two, and C.~Three.\n\\newblock Title. 2000.\n\\end{thebibliography}';
    const out2 = md(
      gzip(
        tar([
          ['main.tex', doc('\\citet{knuth}, \\citet{lg}, \\citet{three}, \\citet{missing}.')],
          ['main.bbl', plain],
        ]),
      ),
    );
    assert.match(out2, /Knuth \[1\], Lamport and Goossens \[2\], One et al\. \[3\], \[missing\]\./);
  });

  it('converts a REVTeX (APS) document: front matter out of the text, an apsrev .bbl, acknowledgments', () => {
    // Hand-written in the shape of revtex4-2 and apsrev4-2.bst output (no redistributable REVTeX
    // paper was found to vendor; see docs/conversion.md).
    const tex =
      '\\documentclass[aps,prl,twocolumn,superscriptaddress]{revtex4-2}\n\\usepackage{amsmath}\n\\begin{document}\n' +
      '\\preprint{APS/123-QED}\n\\title{Entangled Pairs}\n\\author{A. Author}\n\\email{a@example.org}\n\\affiliation{First University}\n' +
      '\\author{B. Author}\n\\altaffiliation[Also at ]{Second Lab}\n\\homepage{example.org}\n\\collaboration{The Collab}\n\\noaffiliation\n' +
      '\\date{\\today}\n\\begin{abstract}We study pairs.\\end{abstract}\n\\pacs{03.65.Ud}\n\\keywords{entanglement}\n\\maketitle\n' +
      '\\section{Introduction}\nAs \\citet{epr} argued and \\citet{knuth} typeset~\\cite{knuth,epr},\n' +
      '\\begin{widetext}\\begin{eqnarray}\n|\\psi\\rangle &=& \\frac{1}{\\sqrt2}(|01\\rangle - |10\\rangle) \\label{eq:psi}\\\\\n\\rho &=& |\\psi\\rangle\\langle\\psi|\n\\end{eqnarray}\\end{widetext}\n' +
      'with \\eqref{eq:psi}.\n\\begin{acknowledgments}We thank the referee.\\end{acknowledgments}\n\\bibliography{refs}\n\\end{document}\n';
    const bbl =
      '%apsrev4-2.bst 2019-01-14 (MD) hand-edited version of apsrev4-1.bst\n\\begin{thebibliography}{2}%\n\\makeatletter\n' +
      '\\providecommand \\natexlab [1]{#1}%\n\\providecommand \\bibnamefont  [1]{#1}%\n\\providecommand \\citenamefont [1]{#1}%\n' +
      '\\providecommand \\BibitemOpen [0]{}%\n\\providecommand \\BibitemShut  [1]{\\csname bibitem#1\\endcsname}%\n%</preamble>\n' +
      '\\bibitem [{\\citenamefont {Knuth}(1984)}]{knuth}%\n  \\BibitemOpen\n  \\bibfield  {author} {\\bibinfo {author} {\\bibfnamefont {D.~E.}\\ \\bibnamefont {Knuth}},\\ }' +
      '\\href@noop {} {\\emph {\\bibinfo {title} {The {\\TeX}book}}}\\ (\\bibinfo  {publisher} {Addison-Wesley},\\ \\bibinfo {year} {1984})\\BibitemShut {NoStop}%\n' +
      '\\bibitem [{\\citenamefont {Einstein}\\ \\emph {et~al.}(1935)\\citenamefont {Einstein}, \\citenamefont {Podolsky},\\ and\\ \\citenamefont {Rosen}}]{epr}%\n  \\BibitemOpen\n' +
      '  \\bibfield  {author} {\\bibinfo {author} {\\bibfnamefont {A.}~\\bibnamefont {Einstein}}, \\bibinfo {author} {\\bibfnamefont {B.}~\\bibnamefont {Podolsky}},\\ and\\ ' +
      '\\bibinfo {author} {\\bibfnamefont {N.}~\\bibnamefont {Rosen}},\\ }\\href@noop {} {\\bibfield  {journal} {\\bibinfo  {journal} {Phys. Rev.}\\ }\\textbf {\\bibinfo {volume} {47}},\\ \\bibinfo {pages} {777} (\\bibinfo {year} {1935})}\\BibitemShut {NoStop}%\n' +
      '\\end{thebibliography}%\n';
    const r = convertLatex(
      gzip(
        tar([
          ['main.tex', tex],
          ['main.bbl', bbl],
        ]),
      ),
    );
    const out = r.markdown;
    assert.match(out, /^# Entangled Pairs$/m);
    assert.match(out, /^## Abstract\n\nWe study pairs\.$/m);
    assert.match(out, /^## 1 Introduction$/m);
    assert.match(out, /As Einstein \*et al\.\* \[2\] argued and Knuth \[1\] typeset \[1, 2\],/);
    assert.match(
      out,
      /^\$\$\\begin\{align\*\}\|\\psi\\rangle &=& .* \\tag\{1\}\\\\\\rho &=& \|\\psi\\rangle\\langle\\psi\| \\tag\{2\}\\end\{align\*\}\$\$$/m,
    );
    assert.match(out, /with \(1\)\./);
    assert.match(out, /^## Acknowledgments\n\nWe thank the referee\.$/m);
    assert.match(
      out,
      /^- \[2\] A\. Einstein, B\. Podolsky, and N\. Rosen, Phys\. Rev\. \*\*47\*\*, 777 \(1935\)$/m,
    );
    assert.match(out, /^- \[1\] D\. E\. Knuth, \*The TeXbook\* \(Addison-Wesley, 1984\)$/m);
    assert.doesNotMatch(
      out,
      /APS\/123|Second Lab|example\.org|The Collab|03\.65|entanglement\b|First University/,
    );
    assert.deepEqual(
      r.warnings.filter((w) => /without a mapping/.test(w)),
      [],
      'every REVTeX command is mapped',
    );
  });

  it('puts footnotes at the end and resolves \\cite against the .bbl', () => {
    const bbl =
      '\\begin{thebibliography}{2}\n\\bibitem{knuth} D.~Knuth. \\newblock \\emph{The TeXbook}. 1984.\n\\bibitem[Lamport(1994)]{lamport} L.~Lamport. \\newblock LaTeX. 1994.\n\\end{thebibliography}';
    const src = gzip(
      tar([
        [
          'main.tex',
          doc(
            'Text\\footnote{A note.} as shown~\\cite{lamport,knuth} and \\citep[p.~2]{knuth}.\n\\bibliography{refs}',
          ),
        ],
        ['main.bbl', bbl],
      ]),
    );
    const out = md(src);
    assert.match(out, /Text\[\^1\] as shown \[2, 1\] and \[1, p\. 2\]\./);
    assert.match(
      out,
      /^## References\n\n- \[1\] D\. Knuth\. \*The TeXbook\*\. 1984\.\n- \[2\] L\. Lamport\. LaTeX\. 1994\.$/m,
    );
    assert.match(out, /\n\[\^1\]: A note\.\n$/);
  });

  it('maps lists, theorems, proofs and text commands, with no raw LaTeX left in the prose', () => {
    const out = md(
      doc(
        '\\begin{theorem}[Main]\\label{thm:main} If $a$ then \\textbf{b}.\\end{theorem}\n\\begin{proof}Clear.\\end{proof}\n' +
          "\\begin{itemize}\\item One\\item Two\\end{itemize}\n\\begin{enumerate}\\item First\\end{enumerate}\nCaf\\'e, na\\\"ive, ``quoted'' --- \\emph{done}. By Theorem~\\ref{thm:main}.",
        '\\newtheorem{theorem}{Theorem}[section]',
      ),
    );
    assert.match(out, /^\*\*Theorem 0\.1 \(Main\)\.\*\* If \$a\$ then \*\*b\*\*\.$/m);
    assert.match(out, /^\*Proof\.\* Clear\. ∎$/m);
    assert.match(out, /^- One\n- Two$/m);
    assert.match(out, /^1\. First$/m);
    assert.match(out, /Café, naïve, “quoted” — \*done\*\. By Theorem 0\.1\./);
  });

  it('takes the main file by \\documentclass among several .tex files', () => {
    const src = gzip(
      tar([
        ['aux.tex', 'Not the main file.'],
        ['ms.tex', doc('\\section{Only}')],
        ['other.tex', '\\section{Other}'],
      ]),
    );
    assert.match(md(src), /^## 1 Only$/m);
    assert.throws(
      () => md(gzip(tar([['a.tex', 'no class here']]))),
      (e) => isAppError(e, 'CONVERT_NO_TEXT') && /no main file/.test(e.message),
    );
  });

  it('accepts a single gzipped .tex and a plain .tex', () => {
    assert.match(md(gzip(doc('Hello $x$.'))), /Hello \$x\$\./);
    assert.match(md(doc('Hello $y$.')), /Hello \$y\$\./);
  });
});

describe('convertLatex: hostile archives', () => {
  it('refuses a gzip bomb by its decompressed size', () => {
    assert.throws(
      () => unpackSource(gzipBomb(40), { maxUnpackedBytes: 32 * 1024 * 1024, maxFiles: 5000 }),
      (e) => isAppError(e, 'CONVERT_TOO_LARGE') && /more than 33554432 bytes/.test(e.message),
    );
  });

  it('refuses an archive of 100k files by its file count', () => {
    assert.throws(
      () => convertLatex(manyFiles(100_000)),
      (e) => isAppError(e, 'CONVERT_TOO_LARGE') && /more than 5000 entries/.test(e.message),
    );
  });

  it('refuses ".." and absolute paths (zip-slip)', () => {
    assert.throws(
      () => convertLatex(gzip(tar([['../evil.tex', doc('x')]]))),
      (e) => isAppError(e, 'CONVERT_CORRUPT') && /leaving the archive/.test(e.message),
    );
    assert.throws(
      () => convertLatex(gzip(tar([['/etc/evil.tex', doc('x')]]))),
      (e) => isAppError(e, 'CONVERT_CORRUPT') && /absolute path/.test(e.message),
    );
  });

  it('refuses a .tex that \\inputs itself, naming the loop', () => {
    assert.throws(
      () =>
        convertLatex(
          gzip(
            tar([
              ['main.tex', doc('\\input{part}')],
              ['part.tex', 'x \\input{part.tex}'],
            ]),
          ),
        ),
      (e) =>
        isAppError(e, 'CONVERT_CORRUPT') &&
        /\\input loops: main\.tex → part\.tex → part\.tex/.test(e.message),
    );
  });

  it('refuses environments nested 20 000 deep, and a macro that doubles itself, without hanging', () => {
    const deep = doc('\\begin{quote}'.repeat(20_000) + 'x' + '\\end{quote}'.repeat(20_000));
    assert.throws(
      () => convertLatex(Buffer.from(deep)),
      (e) => isAppError(e, 'CONVERT_CORRUPT') && /more than 100 deep/.test(e.message),
    );
    assert.throws(
      () => convertLatex(Buffer.from(doc('\\a', '\\def\\a{\\a\\a}'))),
      (e) => isAppError(e, 'CONVERT_TOO_LARGE') && /macros expand to more than/.test(e.message),
    );
    // Unclosed groups and optional arguments are text, read once (not to the end for each one).
    assert.match(md(doc('\\textbf{'.repeat(50_000) + 'end')), /end/);
  });

  it('says a PDF-only e-print has no LaTeX source', () => {
    assert.throws(
      () => convertLatex(gzip('%PDF-1.5 ...')),
      (e) => isAppError(e, 'CONVERT_NO_TEXT') && /no LaTeX source/.test(e.message),
    );
  });
});

describe("convertLatex on LaTeXML's test documents (test/fixtures/latexml)", () => {
  const dir = path.join(FIXTURES_DIR, 'latexml');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.tex'))) {
    it(`${file}: every display formula kept as LaTeX, every section a heading, no LaTeX command in the text`, () => {
      const data = readFileSync(path.join(dir, file));
      const body = prepare(unpackSource(data)).body;
      const r = convertLatex(data);
      const s = score(r.markdown, { formulas: displayFormulas(body), headings: [], prose: new Set() });
      assert.deepEqual(s.missed, [], 'missing formulas');
      assert.equal(s.rawPer1000, 0, r.markdown);
      const sections = [...body.matchAll(/\\(sub)*section\*?\s*\{/g)].length;
      assert.ok(
        r.sections.filter(
          (h) => h.level >= 2 && h.level <= 4 && h.title !== 'Abstract' && h.title !== 'References',
        ).length >= sections,
        r.sections.map((h) => h.title).join(' | '),
      );
    });
  }
});

describe('convertLatex on the CC BY arXiv papers from Engrafo (held out: not looked at while writing the converter)', () => {
  for (const file of ['local-reductions-1707.08043.tar.gz', 'quantum-contextuality-1708.00137.tar.gz']) {
    it(`${file}: every display formula and section kept, numbered equations tagged, citations resolved`, () => {
      const data = fixture(file);
      const body = prepare(unpackSource(data)).body;
      const r = convertLatex(data);
      const sections = [...body.matchAll(/\\section\*?\s*\{([^{}]*)\}/g)].map((m) => m[1]!);
      const s = score(r.markdown, { formulas: displayFormulas(body), headings: sections, prose: new Set() });
      assert.deepEqual(s.missed, [], 'missing formulas');
      assert.equal(s.headings, 1, r.sections.map((h) => h.title).join(' | '));
      assert.equal(s.rawPer1000, 0);
      assert.match(r.markdown, /^## References\n\n- \[1\] /m);
      assert.doesNotMatch(r.markdown, /\[\?\]|\\cite/, 'every \\cite resolves to a number');
      const numbered = [...body.matchAll(/\\begin\{(equation|align|eqnarray)\}/g)].length;
      if (numbered) assert.match(r.markdown, /\\tag\{1\}/);
    });
  }
});

describe('convertLatex in the sandbox, on real arXiv sources', () => {
  after(() => closeSandboxes());
  const LIMITS = { timeoutMs: 60_000, maxBytes: 50 * 1024 * 1024, maxMemoryMb: 512 };

  it('reports the hostile archives as errors and converts a real paper right after, in the same child', async () => {
    await assert.rejects(convertInSandbox({ kind: 'latex', data: gzipBomb(260) }, LIMITS), (e) =>
      isAppError(e, 'CONVERT_TOO_LARGE'),
    );
    await assert.rejects(convertInSandbox({ kind: 'latex', data: manyFiles(100_000) }, LIMITS), (e) =>
      isAppError(e, 'CONVERT_TOO_LARGE'),
    );
    await assert.rejects(
      convertInSandbox({ kind: 'latex', data: gzip(tar([['main.tex', doc('\\input{main}')]])) }, LIMITS),
      (e) => isAppError(e, 'CONVERT_CORRUPT'),
    );
    const r = await convertInSandbox({ kind: 'latex', data: fixture('legwork-2111.08717.tar.gz') }, LIMITS);
    assert.match(r.title ?? '', /^LEGWORK: A python package for computing the evolution and detectability/);
    assert.ok(
      r.sections.some((s) => /^\d+ Introduction$/.test(s.title)),
      r.sections.map((s) => s.title).join(' | '),
    );
    assert.match(r.markdown, /\n\$\$[^\n]*\\frac/);
  });

  it('converts a multi-file source with \\input and a .bbl-backed bibliography', async () => {
    const multi = await convertInSandbox({ kind: 'latex', data: fixture('chembench.tar.gz') }, LIMITS);
    assert.ok(
      multi.warnings.some((w) => /main file ms\.tex of 15 files/.test(w)),
      multi.warnings.join('; '),
    );
    assert.ok(multi.sections.length > 20);
    const withBbl = await convertInSandbox(
      { kind: 'latex', data: fixture('scenario-mining-ieeeconf.tar.gz') },
      LIMITS,
    );
    assert.match(withBbl.markdown, /^## References\n\n- \[1\] /m);
    assert.doesNotMatch(withBbl.markdown.replace(/```[\s\S]*?```/g, ''), /\\cite\{/);
  });
});
