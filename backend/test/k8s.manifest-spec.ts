import type { Model } from '@kubernetes-models/base';
import {
  K8S_OVERLAYS,
  renderOverlay,
  type K8sObject,
  type K8sOverlay,
} from '../../infra/k8s-manifests';

interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Container {
  name: string;
  image: string;
  ports?: { name: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
}
interface PodSpec {
  containers: Container[];
  terminationGracePeriodSeconds?: number;
}
interface Workload extends K8sObject {
  spec: {
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
  };
}
interface Selecting extends K8sObject {
  spec: {
    selector?: { matchLabels?: Record<string, string> };
    podSelector?: { matchLabels?: Record<string, string> };
  };
}

/** The kubernetes-models class of an object's kind, e.g. `kubernetes-models/apps/v1/Deployment`. */
function modelOf(object: K8sObject): Model<K8sObject> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const module = require(`kubernetes-models/${object.apiVersion}/${object.kind}`) as Record<
    string,
    new (data: K8sObject) => Model<K8sObject>
  >;
  return new module[object.kind](object);
}

function named<T extends K8sObject>(objects: K8sObject[], kind: string, name: string): T {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`No ${kind} ${name} was rendered.`);
  return found as T;
}

function selects(selector: Record<string, string> | undefined, workload: Workload): boolean {
  const labels = workload.spec.template.metadata.labels;
  return (
    !!selector &&
    Object.keys(selector).length > 0 &&
    Object.entries(selector).every(([key, value]) => labels[key] === value)
  );
}

const API_PROBES = { live: '/api/health/live', ready: '/api/health/ready' };
const WORKER_PROBES = { live: '/health/live', ready: '/health/ready' };

describe.each(K8S_OVERLAYS)('infra/k8s/overlays/%s, rendered by kustomize', (overlay) => {
  let objects: K8sObject[];

  beforeAll(async () => {
    objects = await renderOverlay(overlay as K8sOverlay);
  });

  it('renders only objects that kubernetes-models validates', () => {
    expect(objects.length).toBeGreaterThan(10);
    for (const object of objects) {
      expect(() => modelOf(object).validate()).not.toThrow();
    }
  });

  it('puts everything in its own namespace', () => {
    const namespace = named(
      objects,
      'Namespace',
      `service-critic${overlay === 'dev' ? '-dev' : ''}`,
    );
    for (const object of objects.filter((o) => o.kind !== 'Namespace')) {
      expect(`${object.kind} ${object.metadata.name} in ${object.metadata.namespace}`).toBe(
        `${object.kind} ${object.metadata.name} in ${namespace.metadata.name}`,
      );
    }
  });

  it.each([
    ['api', API_PROBES],
    ['worker', WORKER_PROBES],
  ])('the %s Deployment probes its two health routes and sets resources', (name, probes) => {
    const deployment = named<Workload>(objects, 'Deployment', name);
    const [container] = deployment.spec.template.spec.containers;
    const ports = new Map(container.ports?.map((p) => [p.name, p.containerPort]));
    expect(container.livenessProbe?.httpGet?.path).toBe(probes.live);
    expect(container.readinessProbe?.httpGet?.path).toBe(probes.ready);
    for (const probe of [container.livenessProbe, container.readinessProbe]) {
      expect(ports.get(String(probe?.httpGet?.port))).toBe(name === 'api' ? 3000 : 3001);
    }
    expect(container.resources?.requests).toEqual(
      expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }),
    );
    expect(container.resources?.limits?.memory).toEqual(expect.any(String));
  });

  it('gives every container resource requests and a memory limit', () => {
    const workloads = objects.filter((o) =>
      ['Deployment', 'StatefulSet', 'Job'].includes(o.kind),
    ) as Workload[];
    for (const workload of workloads) {
      for (const container of workload.spec.template.spec.containers) {
        expect([workload.metadata.name, container.resources?.limits?.memory]).toEqual([
          workload.metadata.name,
          expect.any(String),
        ]);
      }
    }
  });

  it('scales the API: a PodDisruptionBudget and an HPA on CPU over its pods', () => {
    const api = named<Workload>(objects, 'Deployment', 'api');
    const budget = named<Selecting>(objects, 'PodDisruptionBudget', 'api');
    expect(selects(budget.spec.selector?.matchLabels, api)).toBe(true);
    const hpa = named<K8sObject & { spec: Record<string, unknown> }>(
      objects,
      'HorizontalPodAutoscaler',
      'api',
    );
    expect(hpa.spec).toMatchObject({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'api' },
      metrics: [{ type: 'Resource', resource: { name: 'cpu' } }],
    });
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas as number);
  });

  it('drains the API on termination: out of the endpoints first, then time to finish', () => {
    const { spec } = named<Workload>(objects, 'Deployment', 'api').spec.template;
    const preStop = spec.containers[0].lifecycle?.preStop?.exec?.command;
    expect(preStop?.[0]).toBe('sleep');
    const pauseSeconds = Number(preStop?.[1]);
    // The pause, REQUEST_TIMEOUT_MS's default 10 s for the requests in flight, and the flush.
    expect(spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(pauseSeconds + 10 + 15);
  });

  it('references its Secrets and never renders one with data', () => {
    expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
    for (const name of ['api', 'worker']) {
      const [container] = named<Workload>(objects, 'Deployment', name).spec.template.spec
        .containers;
      const jwt = container.env?.find((variable) => variable.name === 'JWT_SECRET');
      expect(jwt?.valueFrom?.secretKeyRef).toEqual({ name: 'service-critic', key: 'JWT_SECRET' });
      expect(container.env?.filter((variable) => variable.value !== undefined)).toEqual([]);
    }
    const config = objects.find((o) => o.metadata.name.startsWith('service-critic-config')) as
      (K8sObject & { data: Record<string, string> }) | undefined;
    expect(Object.keys(config?.data ?? {})).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/SECRET|PASSWORD|TOKEN/)]),
    );
  });

  it('runs MongoDB as the 3-member replica set rs0 that MONGO_URL names, initiated by a Job', () => {
    const mongo = named<Workload>(objects, 'StatefulSet', 'mongo');
    expect(mongo.spec.replicas).toBe(3);
    expect(mongo.spec.template.spec.containers[0].image).toMatch(/^mongo:/);
    expect(mongo.spec.template.spec.containers[0]).toMatchObject({
      args: expect.arrayContaining(['--replSet', 'rs0']),
    });
    const config = objects.find(
      (o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('service-critic-config'),
    ) as K8sObject & { data: Record<string, string> };
    expect(config.data.MONGO_URL).toBe(
      'mongodb://mongo-0.mongo:27017,mongo-1.mongo:27017,mongo-2.mongo:27017/service-critic?replicaSet=rs0',
    );
    const init = named<Workload>(objects, 'Job', 'mongo-replica-set');
    expect(JSON.stringify(init.spec.template.spec.containers[0])).toContain('mongo-replica-set.js');
  });

  it('runs Redis append-only on a volume of its own', () => {
    const redis = named<Workload & { spec: { volumeClaimTemplates: unknown[] } }>(
      objects,
      'StatefulSet',
      'redis',
    );
    expect(redis.spec.template.spec.containers[0]).toMatchObject({
      args: expect.arrayContaining(['--appendonly', 'yes']),
      volumeMounts: [{ name: 'data', mountPath: '/data' }],
    });
    expect(redis.spec.volumeClaimTemplates).toHaveLength(1);
  });

  it('denies ingress by default and lets only the app reach MongoDB and Redis', () => {
    const policies = objects.filter((o) => o.kind === 'NetworkPolicy') as Selecting[];
    const denyAll = policies.find(
      (p) => Object.keys(p.spec.podSelector?.matchLabels ?? {}).length === 0,
    );
    expect(denyAll?.spec).toMatchObject({ policyTypes: ['Ingress'] });
    expect((denyAll?.spec as { ingress?: unknown }).ingress).toBeUndefined();
    for (const name of ['mongo', 'redis']) {
      const store = named<Workload>(objects, 'StatefulSet', name);
      const policy = policies.find((p) => selects(p.spec.podSelector?.matchLabels, store));
      expect(JSON.stringify(policy?.spec)).toContain('"values":["api","worker"');
    }
  });

  it('routes the Ingress to the API Service, which selects the API pods', () => {
    const ingress = named<K8sObject & { spec: { rules: { host: string }[] } }>(
      objects,
      'Ingress',
      'service-critic',
    );
    expect(JSON.stringify(ingress.spec)).toContain('"service":{"name":"api"');
    const service = named<Selecting>(objects, 'Service', 'api');
    const api = named<Workload>(objects, 'Deployment', 'api');
    expect(selects(service.spec.selector as Record<string, string>, api)).toBe(true);
  });
});

describe('infra/k8s/overlays/prod', () => {
  it('runs 3 API replicas at least, behind TLS, on the published image', async () => {
    const objects = await renderOverlay('prod');
    expect(named<Workload>(objects, 'Deployment', 'api').spec.replicas).toBe(3);
    const hpa = named<K8sObject & { spec: { minReplicas: number } }>(
      objects,
      'HorizontalPodAutoscaler',
      'api',
    );
    expect(hpa.spec.minReplicas).toBe(3);
    const ingress = named<K8sObject & { spec: { tls?: unknown[] } }>(
      objects,
      'Ingress',
      'service-critic',
    );
    expect(ingress.spec.tls).toHaveLength(1);
    const [container] = named<Workload>(objects, 'Deployment', 'api').spec.template.spec.containers;
    expect(container.image).toMatch(/^[\w.-]+\/service-critic:[\w.-]+$/);
  });
});

describe('kubernetes-models validation', () => {
  it('fails an object with a field of the wrong type', () => {
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'broken' },
      spec: { replicas: 'three', selector: {}, template: {} },
    };
    expect(() => modelOf(deployment).validate()).toThrow();
  });
});
