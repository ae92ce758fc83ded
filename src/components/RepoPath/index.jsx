// A path of this project (results/, schemas/result.md) as the reader can follow
// it: a link to the repository when the build knows it (REPOSITORY_URL), the
// path as code otherwise.
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {repositoryLink} from '@site/lib/repository-link.mjs';

export default function RepoPath({path}) {
  const {repository} = useDocusaurusContext().siteConfig.customFields;
  const code = <code>{path}</code>;
  if (!repository) return code;
  return (
    <a href={repositoryLink(repository, path)} data-repo-path={path}>
      {code}
    </a>
  );
}
