import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { buildGoProgram, installGo } from './go-program';
import { repoRoot } from './storage/paths';

export const K8S_OVERLAYS = ['dev', 'prod'] as const;
export type K8sOverlay = (typeof K8S_OVERLAYS)[number];

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

/** Our build of kustomize's own library (infra/kustomize), in .tools/bin. */
export function buildKustomize(log: (line: string) => void = console.log): Promise<string> {
  return buildGoProgram(
    {
      folder: 'kustomize',
      binary: 'kustomize-build',
      building: 'Building kustomize (first run only, about two minutes)…',
      goMissing: `Go is missing: ${installGo('1.26')} to render the Kubernetes manifests with kustomize.`,
    },
    log,
  );
}

/** `kustomize build infra/k8s/overlays/<overlay>`, as objects. */
export async function renderOverlay(overlay: K8sOverlay): Promise<K8sObject[]> {
  const kustomize = await buildKustomize();
  const { stdout } = await promisify(execFile)(
    kustomize,
    [join(repoRoot, 'infra', 'k8s', 'overlays', overlay)],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return parseAllDocuments(stdout).map((document) => {
    if (document.errors.length > 0) throw document.errors[0];
    return document.toJS() as K8sObject;
  });
}
