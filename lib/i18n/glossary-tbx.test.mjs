import {test} from 'node:test';
import assert from 'node:assert/strict';
import {glossaryTbx} from './glossary-tbx.mjs';

test('one TBX entry per concept: English words, each language term preferred, its words to avoid deprecated', () => {
  const tbx = glossaryTbx(
    new Map([
      ['ja', {terms: [{concept: 'margin', source: ['margin'], term: 'マージン', avoid: ['許容幅']}]}],
      [
        'ko',
        {
          terms: [
            {concept: 'margin', source: ['margin'], term: '마진'},
            {concept: 'A & B (a pair)', term: 'A&B'},
          ],
        },
      ],
    ]),
  );
  assert.equal(
    tbx,
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<martif type="TBX" xml:lang="en">',
      '  <martifHeader><fileDesc><sourceDesc><p>i18n/*/glossary.json</p></sourceDesc></fileDesc></martifHeader>',
      '  <text><body>',
      '    <termEntry id="c1">',
      '      <descrip type="definition">margin</descrip>',
      '      <langSet xml:lang="en"><tig><term>margin</term><termNote type="administrativeStatus">' +
        'preferredTerm-admn-sts</termNote></tig></langSet>',
      '      <langSet xml:lang="ja"><tig><term>マージン</term><termNote type="administrativeStatus">' +
        'preferredTerm-admn-sts</termNote></tig><tig><term>許容幅</term><termNote type="administrativeStatus">' +
        'deprecatedTerm-admn-sts</termNote></tig></langSet>',
      '      <langSet xml:lang="ko"><tig><term>마진</term><termNote type="administrativeStatus">' +
        'preferredTerm-admn-sts</termNote></tig></langSet>',
      '    </termEntry>',
      '    <termEntry id="c2">',
      '      <descrip type="definition">A &amp; B (a pair)</descrip>',
      '      <langSet xml:lang="en"><tig><term>A &amp; B</term><termNote type="administrativeStatus">' +
        'preferredTerm-admn-sts</termNote></tig></langSet>',
      '      <langSet xml:lang="ko"><tig><term>A&amp;B</term><termNote type="administrativeStatus">' +
        'preferredTerm-admn-sts</termNote></tig></langSet>',
      '    </termEntry>',
      '  </body></text>',
      '</martif>',
      '',
    ].join('\n'),
  );
});
