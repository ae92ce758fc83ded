// Where a path of this project is read on its repository's web page, when the
// build knows the repository (REPOSITORY_URL, set by the benchmark workflow).

/**
 * The site's repository from the environment, or null when the build was not told it.
 * @param {Record<string, string | undefined>} env
 */
export function repositoryOf(env) {
  const url = env.REPOSITORY_URL?.trim().replace(/\/+$/, '');
  if (!url) return null;
  if (!/^https:\/\/\S+$/.test(url))
    throw new Error(`REPOSITORY_URL must be an https address such as https://github.com/<owner>/<repo>, not "${url}".`);
  return {url, ref: env.REPOSITORY_REF?.trim() || 'HEAD'};
}

/** The web address of `path` (a folder ends with /) at the repository's ref: GitHub's tree/ and blob/ pages. */
export const repositoryLink = ({url, ref}, path) =>
  `${url}/${path.endsWith('/') ? 'tree' : 'blob'}/${ref}/${path.replace(/\/$/, '')}`;
