import {test} from 'node:test';
import assert from 'node:assert/strict';
import {repositoryLink, repositoryOf} from './repository-link.mjs';

test('paths link to the repository at the commit the site was built from, folders to their tree', () => {
  const repository = repositoryOf({REPOSITORY_URL: 'https://github.com/acme/pg-guide/', REPOSITORY_REF: 'a1b2c3d'});
  assert.deepEqual(repository, {url: 'https://github.com/acme/pg-guide', ref: 'a1b2c3d'});
  assert.equal(
    repositoryLink(repository, 'schemas/result.md'),
    'https://github.com/acme/pg-guide/blob/a1b2c3d/schemas/result.md',
  );
  assert.equal(repositoryLink(repository, 'results/'), 'https://github.com/acme/pg-guide/tree/a1b2c3d/results');
  assert.equal(repositoryOf({REPOSITORY_URL: 'https://github.com/acme/pg-guide'}).ref, 'HEAD');
});

test('without a repository the build links nowhere; a wrong address is refused with what to set', () => {
  assert.equal(repositoryOf({}), null);
  assert.equal(repositoryOf({REPOSITORY_URL: '  '}), null);
  assert.throws(
    () => repositoryOf({REPOSITORY_URL: 'git@github.com:acme/pg-guide.git'}),
    /REPOSITORY_URL must be an https address/,
  );
});
