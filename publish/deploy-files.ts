// What a release carries for nginx (deploy/nginx/, docs/deploy.md), made once it is served (releases.ts):
// the .br and .gz siblings of its text files (precompress.ts) and its pages' policies
// (page-policies.ts). Both only redo what changed since the release it was made from.
import { precompressRelease, type PrecompressStats } from './precompress';
import { writePagePolicies, type PagePoliciesStats } from './page-policies';

export interface DeployFilesStats {
  precompress: PrecompressStats;
  policies: PagePoliciesStats;
}

export async function prepareDeployFiles(
  dir: string,
  id: string,
  prev: string | null,
  opts: { signal?: AbortSignal } = {},
): Promise<DeployFilesStats> {
  const precompress = await precompressRelease(dir, prev, opts);
  const policies = await writePagePolicies(dir, id, prev, opts);
  return { precompress, policies };
}
