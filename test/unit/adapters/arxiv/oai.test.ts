/** OAI-PMH ListRecords on arXiv's recorded responses, and the catch-up classification over them. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { oaiListUrl, parseOaiListRecords } from '../../../../adapters/arxiv/oai.ts';
import { announcedFromOai } from '../../../../activities/pipeline/catch-up.ts';
import { isAppError } from '../../../../domain/errors.ts';
import { corpus } from '../../../support/corpus.ts';

const recorded = () =>
  readFileSync(corpus('atom', 'oai-pmh', 'oai_ListRecords_physics-hep-th_2017-12-14.xml'), 'utf8');

describe('OAI-PMH ListRecords', () => {
  it('parses the recorded hep-th page: ids, dates, categories, authors, license', () => {
    const page = parseOaiListRecords(recorded());
    assert.equal(page.resumptionToken, null);
    assert.deepEqual(
      page.records.map((r) => r.paper.id),
      ['1412.8323', '1507.07790', '1607.01710'],
    );
    const [first] = page.records;
    assert.equal(first?.datestamp, '2017-12-14');
    assert.equal(first?.created, '2014-12-29');
    assert.equal(first?.updated, '2017-12-13');
    assert.equal(first?.paper.primaryCategory, 'quant-ph');
    assert.deepEqual(
      first?.paper.authors.map((a) => a.name),
      ['Philipp A Hoehn'],
    );
    assert.equal(first?.paper.license, 'http://creativecommons.org/licenses/by/4.0/');
    assert.match(
      first?.paper.title ?? '',
      /^Toolbox for reconstructing quantum theory from rules on information acquisition$/,
    );
    assert.equal(page.records[1]?.paper.journalRef, 'J. Phys. A: Math. Theor. 51 (2018) 035201');
  });

  it('keeps only what the announcement of the datestamp carried: a recent replacement, not metadata fixes', () => {
    const records = parseOaiListRecords(recorded()).records;
    // 1412.8323: v1 2014, new version 2017-12-13 → replaced in the 12-14 announcement (cross-listed into hep-th).
    // 1507.07790 (2015/2016) and 1607.01710 (2016): old papers whose metadata changed on 12-14.
    assert.deepEqual(
      announcedFromOai(records, '2017-12-14', ['hep-th']).map((a) => [a.paper.id, a.announceType]),
      [['1412.8323', 'replace-cross']],
    );
    assert.deepEqual(
      announcedFromOai(records, '2017-12-14', ['quant-ph']).map((a) => a.announceType),
      ['replace'],
    );
    assert.deepEqual(announcedFromOai(records, '2017-12-15', ['hep-th']), [], 'another day');
    assert.deepEqual(announcedFromOai(records, '2017-12-14', ['cs.AI']), [], 'another archive');
  });

  it('treats noRecordsMatch as an empty window and other OAI errors as API errors', () => {
    const head = recorded().slice(0, recorded().indexOf('<request'));
    const empty = parseOaiListRecords(
      `${head}<request>x</request><error code="noRecordsMatch">none</error></OAI-PMH>`,
    );
    assert.deepEqual(empty, { records: [], resumptionToken: null, completeListSize: 0 });
    assert.throws(
      () =>
        parseOaiListRecords(
          `${head}<request>x</request><error code="badResumptionToken">expired</error></OAI-PMH>`,
        ),
      (e: unknown) => isAppError(e, 'ARXIV_API_ERROR') && /badResumptionToken: expired/.test(e.message),
    );
    assert.throws(
      () => parseOaiListRecords(recorded().slice(0, 500)),
      (e: unknown) => isAppError(e, 'ARXIV_MALFORMED'),
    );
  });

  it('reads the resumption token of a page that continues', () => {
    const xml = recorded().replace(
      '</ListRecords>',
      '<resumptionToken cursor="0" completeListSize="2300">6512|1001</resumptionToken></ListRecords>',
    );
    const page = parseOaiListRecords(xml);
    assert.equal(page.resumptionToken, '6512|1001');
    assert.equal(page.completeListSize, 2300);
  });

  it('builds request URLs as arXiv documents them', () => {
    assert.equal(
      oaiListUrl('https://oaipmh.arxiv.org/oai', {
        set: 'physics:hep-th',
        from: '2017-12-14',
        until: '2017-12-15',
      }),
      'https://oaipmh.arxiv.org/oai?verb=ListRecords&metadataPrefix=arXiv&set=physics%3Ahep-th&from=2017-12-14&until=2017-12-15',
    );
    assert.equal(
      oaiListUrl('https://oaipmh.arxiv.org/oai', { resumptionToken: '6512|1001' }),
      'https://oaipmh.arxiv.org/oai?verb=ListRecords&resumptionToken=6512%7C1001',
    );
  });
});
