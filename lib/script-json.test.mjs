import {test} from 'node:test';
import assert from 'node:assert/strict';
import {scriptSafeJson} from './script-json.mjs';

test("a suite's title that would end the script is data: no <, >, & or line separator written as itself", () => {
  const title = 'Fast suite</script><script>alert(1)</script> <!-- & \u2028"';
  const json = scriptSafeJson({'@type': 'ListItem', name: title});
  assert.equal(
    json,
    '{"@type":"ListItem","name":"Fast suite\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e ' +
      '\\u003c!-- \\u0026 \\u2028\\""}',
  );
  assert.doesNotMatch(json, /[<>&\u2028\u2029]/);
  assert.equal(JSON.parse(json).name, title, 'a JSON reader reads the title as it was');
});
