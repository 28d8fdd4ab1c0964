/**
 * The Helm chart through the real helm binary (env HELM, set by `make test`; else .tools/helm/helm from
 * `make .tools/helm/helm`): lint, template with default and non-default values, every manifest
 * validated against the Kubernetes schemas (kubernetes-models), and the webhook, Service and
 * certificate checked to agree.
 */
import { beforeAll, describe, expect, it } from "@jest/globals";
import { execFileSync } from "node:child_process";
import { X509Certificate, createPrivateKey } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";

import path from "node:path";
import { parseAllDocuments } from "yaml";
import { CHART, ROOT, helm, helmPresent, one, template, type Manifest } from "../support/helm.js";
import { tempDir } from "../support/tempdirs.js";

/** kubernetes-models has a class per built-in kind; a kind without one (ServiceMonitor) gets a shape check. */
async function validateManifest(m: Manifest): Promise<void> {
  const [group, version] = m.apiVersion.includes("/") ? m.apiVersion.split("/") : [undefined, m.apiVersion];
  if (group === "monitoring.coreos.com") {
    expect(m).toMatchObject({ apiVersion: "monitoring.coreos.com/v1", kind: "ServiceMonitor", spec: { selector: { matchLabels: expect.any(Object) }, endpoints: [expect.objectContaining({ port: expect.any(String) })] } });
    return;
  }
  const modulePath = group ? `kubernetes-models/${group}/${version}/${m.kind}` : `kubernetes-models/${version}/${m.kind}`;
  const mod = (await import(modulePath)) as Record<string, new (data: unknown) => { validate(): void }>;
  const Model = mod[m.kind];
  if (!Model) throw new Error(`no kubernetes-models class for ${m.apiVersion} ${m.kind}`);
  try {
    new Model(m).validate();
  } catch (error) {
    throw new Error(`${m.kind} ${m.metadata.name}: ${(error as Error).message}`);
  }
}

function argOf(container: Manifest, flag: string): string | undefined {
  const arg = (container.args as string[]).find((a) => a.startsWith(`${flag}=`));
  return arg?.slice(flag.length + 1);
}

/** The agreements the API server relies on to call the injector over TLS. */
function checkWebhookServiceAndCertificate(manifests: Manifest[], expected: { namespace: string; servicePort: number; injectorPort: number }): { cert: X509Certificate; ca: X509Certificate } {
  const webhookConfig = one(manifests, "MutatingWebhookConfiguration");
  const webhook = webhookConfig.webhooks[0];
  const service = one(manifests, "Service");
  const deployment = one(manifests, "Deployment", "rt-runtime-injector");
  const secret = one(manifests, "Secret");
  const svcRef = webhook.clientConfig.service;
  expect(svcRef).toEqual({ name: service.metadata.name, namespace: service.metadata.namespace, path: "/mutate", port: expected.servicePort });
  expect(service.metadata.namespace).toBe(expected.namespace);

  // Service port -> named targetPort -> the injector container's port -> its --port flag.
  const servicePort = service.spec.ports.find((p: { port: number }) => p.port === svcRef.port);
  expect(servicePort).toBeDefined();
  const container = deployment.spec.template.spec.containers[0];
  const containerPort = container.ports.find((p: { name: string }) => p.name === servicePort.targetPort);
  expect(containerPort.containerPort).toBe(expected.injectorPort);
  expect(argOf(container, "--port")).toBe(String(expected.injectorPort));
  // The Service selects the Deployment's pods.
  const podLabels = deployment.spec.template.metadata.labels as Record<string, string>;
  for (const [key, value] of Object.entries(service.spec.selector as Record<string, string>)) expect(podLabels[key]).toBe(value);

  // The Deployment mounts the rendered Secret and reads the files the Secret holds.
  const volume = deployment.spec.template.spec.volumes.find((v: { secret?: unknown }) => v.secret);
  expect(volume.secret.secretName).toBe(secret.metadata.name);
  const mount = container.volumeMounts.find((v: { name: string }) => v.name === volume.name);
  expect(argOf(container, "--tls-cert-file")).toBe(`${mount.mountPath}/tls.crt`);
  expect(argOf(container, "--tls-key-file")).toBe(`${mount.mountPath}/tls.key`);

  const pem = (key: string): string => Buffer.from(secret.data[key] as string, "base64").toString("utf8");
  const cert = new X509Certificate(pem("tls.crt"));
  const ca = new X509Certificate(Buffer.from(webhook.clientConfig.caBundle as string, "base64"));
  const dnsName = `${svcRef.name}.${svcRef.namespace}.svc`;
  expect(cert.checkHost(dnsName)).toBe(dnsName);
  expect(cert.subjectAltName?.split(", ")).toContain(`DNS:${dnsName}`);
  expect(cert.checkIssued(ca)).toBe(true);
  expect(cert.verify(ca.publicKey)).toBe(true);
  expect(cert.checkPrivateKey(createPrivateKey(pem("tls.key")))).toBe(true);
  expect(new Date(cert.validTo).getTime()).toBeGreaterThan(Date.now() + 365 * 24 * 3600 * 1000);
  return { cert, ca };
}

(helmPresent() ? describe : describe.skip)("Helm chart charts/runtime", () => {
  let defaults: Manifest[];

  beforeAll(() => {
    defaults = template();
  });

  it("passes helm lint --strict", () => {
    const result = helm(["lint", "--strict", CHART]);
    expect({ status: result.status, out: result.stdout + result.stderr }).toMatchObject({ status: 0 });
    expect(result.stdout).toContain("0 chart(s) failed");
  });

  it("renders with default values the expected objects", () => {
    expect(defaults.map((m) => `${m.kind}/${m.metadata.name}`).sort()).toEqual([
      "CustomResourceDefinition/components.runtime.io",
      "CustomResourceDefinition/configurations.runtime.io",
      "CustomResourceDefinition/resiliencies.runtime.io",
      "CustomResourceDefinition/subscriptions.runtime.io",
      "Deployment/rt-runtime-injector",
      "Deployment/rt-runtime-status-controller",
      "MutatingWebhookConfiguration/rt-runtime-injector",
      "PodDisruptionBudget/rt-runtime-injector",
      "Role/rt-runtime-sidecar",
      "Role/rt-runtime-status-controller",
      "Role/rt-runtime-status-controller-lease",
      "RoleBinding/rt-runtime-sidecar",
      "RoleBinding/rt-runtime-status-controller",
      "RoleBinding/rt-runtime-status-controller-lease",
      "Secret/rt-runtime-injector-tls",
      "Service/rt-runtime-injector",
      "ServiceAccount/rt-runtime-injector",
      "ServiceAccount/rt-runtime-status-controller",
    ]);
  });

  it("renders only manifests that validate against the Kubernetes schemas (default values)", async () => {
    for (const m of defaults) await validateManifest(m);
  });

  it("ships the CRDs of crds/ unchanged", () => {
    const crds = defaults.filter((m) => m.kind === "CustomResourceDefinition");
    for (const crd of crds) {
      const file = path.join(ROOT, "crds", `${crd.metadata.name.split(".")[0]}.yaml`);
      expect(parseAllDocuments(readFileSync(file, "utf8"))[0]!.toJS()).toEqual(crd);
    }
  });

  it("has a webhook, Service and generated certificate that agree (names, ports, SANs, caBundle signs the cert)", () => {
    checkWebhookServiceAndCertificate(defaults, { namespace: "runtime-system", servicePort: 443, injectorPort: 4000 });
  });

  it("defaults the webhook to failurePolicy Ignore, pods on CREATE, and excludes the release and system namespaces", () => {
    const webhook = one(defaults, "MutatingWebhookConfiguration").webhooks[0];
    expect(webhook).toMatchObject({ failurePolicy: "Ignore", timeoutSeconds: 10, sideEffects: "None", admissionReviewVersions: ["v1"] });
    expect(webhook.rules).toEqual([{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["pods"], scope: "Namespaced" }]);
    expect(webhook.namespaceSelector.matchExpressions).toContainEqual({ key: "kubernetes.io/metadata.name", operator: "NotIn", values: ["runtime-system", "kube-system", "kube-public"] });
    // The annotation alone opts in (as Dapr's injector): every pod reaches the webhook but those labelled out.
    expect(webhook.objectSelector).toEqual({ matchExpressions: [{ key: "runtime.io/enabled", operator: "NotIn", values: ["false"] }] });
    expect(one(template(["--set", "webhook.objectSelector=null"]), "MutatingWebhookConfiguration").webhooks[0].objectSelector).toBeUndefined();
  });

  it("runs two injector replicas with a PodDisruptionBudget, and passes chart-wide sidecar resources and the native-sidecar default", () => {
    const deployment = one(defaults, "Deployment", "rt-runtime-injector");
    expect(deployment.spec.replicas).toBe(2);
    const pdb = one(defaults, "PodDisruptionBudget");
    expect(pdb.spec).toEqual({ minAvailable: 1, selector: { matchLabels: deployment.spec.selector.matchLabels } });
    const container = deployment.spec.template.spec.containers[0];
    expect([argOf(container, "--sidecar-cpu-request"), argOf(container, "--sidecar-memory-request"), argOf(container, "--sidecar-memory-limit"), argOf(container, "--sidecar-cpu-limit")]).toEqual(["50m", "96Mi", "256Mi", undefined]);
    expect(argOf(container, "--enable-native-sidecar")).toBe("false");
    expect(template(["--set", "injector.replicaCount=1"]).filter((m) => m.kind === "PodDisruptionBudget")).toEqual([]);
  });

  it("with tls.mode certManager, renders a Certificate (self-signed Issuer unless one is named) and lets cert-manager inject the caBundle", () => {
    const manifests = template(["--set", "tls.mode=certManager"]);
    expect(manifests.filter((m) => m.kind === "Secret")).toEqual([]);
    const certificate = one(manifests, "Certificate");
    expect(certificate.spec).toMatchObject({ secretName: "rt-runtime-injector-tls", issuerRef: { name: "rt-runtime-injector-selfsigned", kind: "Issuer" } });
    expect(certificate.spec.dnsNames).toContain("rt-runtime-injector.runtime-system.svc");
    const webhook = one(manifests, "MutatingWebhookConfiguration");
    expect(webhook.metadata.annotations).toEqual({ "cert-manager.io/inject-ca-from": "runtime-system/rt-runtime-injector" });
    expect(webhook.webhooks[0].clientConfig.caBundle).toBeUndefined();
    const named = template(["--set", "tls.mode=certManager", "--set", "tls.certManager.issuerRef.name=corp-ca", "--set", "tls.certManager.issuerRef.kind=ClusterIssuer"]);
    expect(named.filter((m) => m.kind === "Issuer")).toEqual([]);
    expect(one(named, "Certificate").spec.issuerRef).toEqual({ name: "corp-ca", kind: "ClusterIssuer" });
  });

  it("runs the injector non-root and read-only with HTTPS probes on /healthz, skipping its own namespace", () => {
    const pod = one(defaults, "Deployment", "rt-runtime-injector").spec.template.spec;
    const container = pod.containers[0];
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ["ALL"] } });
    for (const probe of [container.readinessProbe, container.livenessProbe]) expect(probe.httpGet).toEqual({ path: "/healthz", port: "https", scheme: "HTTPS" });
    expect(container.command).toEqual(["node", "/app/dist/cmd/injector/main.js"]);
    expect(argOf(container, "--sidecar-image")).toBe("ghcr.io/example/runtimed:0.1.0");
    expect(container.env).toContainEqual({ name: "RELEASE_NAMESPACE", valueFrom: { fieldRef: { fieldPath: "metadata.namespace" } } });
  });

  it("grants sidecars the runtime.io reads and Event writes, and no Secrets unless opted in, in the listed namespaces only", () => {
    const role = one(defaults, "Role", "rt-runtime-sidecar");
    expect(role.metadata.namespace).toBe("default");
    expect(role.rules).toEqual([
      { apiGroups: ["runtime.io"], resources: ["components", "subscriptions", "configurations", "resiliencies"], verbs: ["list", "watch"] },
      { apiGroups: ["runtime.io"], resources: ["configurations"], verbs: ["get"] },
      { apiGroups: [""], resources: ["events"], verbs: ["create", "update"] },
    ]);
    const binding = one(defaults, "RoleBinding", "rt-runtime-sidecar");
    expect(binding.roleRef).toEqual({ apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: role.metadata.name });
    expect(binding.subjects).toEqual([{ apiGroup: "rbac.authorization.k8s.io", kind: "Group", name: "system:serviceaccounts:default" }]);
    const named = one(template(["--set", "sidecarRBAC.secrets.enabled=true", "--set", "sidecarRBAC.secrets.names={redis-auth,db}"]), "Role", "rt-runtime-sidecar");
    expect(named.rules[3]).toEqual({ apiGroups: [""], resources: ["secrets"], resourceNames: ["redis-auth", "db"], verbs: ["get", "list", "watch"] });
    const all = one(template(["--set", "sidecarRBAC.secrets.enabled=true"]), "Role", "rt-runtime-sidecar");
    expect(all.rules[3]).toEqual({ apiGroups: [""], resources: ["secrets"], verbs: ["get", "list", "watch"] });
  });

  it("renders non-default values: Fail policy, selectors, ports, images, namespaces, ServiceMonitor", async () => {
    const manifests = template([
      "--set", "webhook.failurePolicy=Fail", "--set", "webhook.timeoutSeconds=5",
      "--set-string", "webhook.objectSelector.matchLabels.runtime\\.io/inject=true",
      "--set", "webhook.namespaceSelector.matchLabels.team=shop",
      "--set", "service.port=8443", "--set", "injector.port=4443", "--set", "injector.metricsPort=9191",
      "--set", "image.repository=registry.local/runtimed", "--set", "image.tag=1.2.3", "--set", "sidecar.image.tag=1.2.4",
      "--set", "sidecarRBAC.namespaces={shop,payments}", "--set", "sidecarRBAC.events=false",
      "--set", "injector.skipNamespaces={legacy}",
      "--set", "serviceMonitor.enabled=true", "--set", "serviceMonitor.labels.release=prom",
    ]);
    for (const m of manifests) await validateManifest(m);
    checkWebhookServiceAndCertificate(manifests, { namespace: "runtime-system", servicePort: 8443, injectorPort: 4443 });
    const webhook = one(manifests, "MutatingWebhookConfiguration").webhooks[0];
    expect(webhook).toMatchObject({ failurePolicy: "Fail", timeoutSeconds: 5, objectSelector: { matchLabels: { "runtime.io/inject": "true" } }, namespaceSelector: { matchLabels: { team: "shop" } } });
    const container = one(manifests, "Deployment", "rt-runtime-injector").spec.template.spec.containers[0];
    expect(container.image).toBe("registry.local/runtimed:1.2.3");
    expect(argOf(container, "--sidecar-image")).toBe("registry.local/runtimed:1.2.4");
    expect(argOf(container, "--skip-namespaces")).toBe("legacy");
    const roles = manifests.filter((m) => m.kind === "Role" && m.metadata.name === "rt-runtime-sidecar");
    expect(roles.map((r) => r.metadata.namespace)).toEqual(["shop", "payments"]);
    for (const role of roles) expect(role.rules).toHaveLength(2);
    expect(manifests.filter((m) => m.kind === "RoleBinding" && m.metadata.name === "rt-runtime-sidecar").map((b) => b.subjects[0].name)).toEqual(["system:serviceaccounts:shop", "system:serviceaccounts:payments"]);
    // The status controller follows the sidecars' namespaces.
    expect(manifests.filter((m) => m.kind === "Role" && m.metadata.name === "rt-runtime-status-controller").map((r) => r.metadata.namespace)).toEqual(["shop", "payments"]);
    expect(argOf(one(manifests, "Deployment", "rt-runtime-status-controller").spec.template.spec.containers[0], "--namespaces")).toBe("shop,payments");
    const monitor = one(manifests, "ServiceMonitor");
    const service = one(manifests, "Service");
    expect(monitor.metadata.labels!.release).toBe("prom");
    expect(service.spec.ports.map((p: { name: string }) => p.name)).toContain(monitor.spec.endpoints[0].port);
    for (const [key, value] of Object.entries(monitor.spec.selector.matchLabels as Record<string, string>)) expect(service.metadata.labels![key]).toBe(value);
  });

  it("the manifest validation has teeth: a label value rendered as a boolean is refused", async () => {
    const manifests = template(["--set", "webhook.objectSelector.matchLabels.inject=true"]);
    await expect(validateManifest(one(manifests, "MutatingWebhookConfiguration"))).rejects.toThrow(/matchLabels\/inject must be string/);
  });

  it("uses a user-supplied TLS Secret and CA bundle instead of generating them", async () => {
    const dir = tempDir("chart-ca-");
    try {
      execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=my-ca", "-keyout", path.join(dir, "ca.key"), "-out", path.join(dir, "ca.crt")], { stdio: "ignore", timeout: 10_000 });
      const manifests = template(["--set", "tls.mode=secret", "--set", "tls.existingSecret=my-webhook-tls", "--set-file", `tls.caBundle=${path.join(dir, "ca.crt")}`]);
      for (const m of manifests) await validateManifest(m);
      expect(manifests.filter((m) => m.kind === "Secret")).toEqual([]);
      const webhook = one(manifests, "MutatingWebhookConfiguration").webhooks[0];
      expect(Buffer.from(webhook.clientConfig.caBundle as string, "base64").toString("utf8")).toBe(readFileSync(path.join(dir, "ca.crt"), "utf8"));
      const volume = one(manifests, "Deployment", "rt-runtime-injector").spec.template.spec.volumes.find((v: { secret?: unknown }) => v.secret);
      expect(volume.secret.secretName).toBe("my-webhook-tls");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [["--set", "webhook.failurePolicy=Sometimes"], /failurePolicy must be one of the following: "Ignore", "Fail"/],
    [["--set", "webhook.timeoutSeconds=60"], /timeoutSeconds/],
    [["--set", "tls.mode=secret", "--set", "tls.existingSecret=x"], /tls.caBundle .* is required when tls.mode is secret/],
    [["--set", "tls.mode=secret", "--set", "tls.caBundle=pem"], /tls.existingSecret is required when tls.mode is secret/],
    [["--set", "sidecarRBAC.namespaces={Bad_NS}"], /sidecarRBAC.namespaces/],
  ])("refuses bad values %j with a clear message", (args, message) => {
    const result = helm(["template", "rt", CHART, "--namespace", "runtime-system", ...args]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(message);
  });

  it("mentions how to annotate a deployment in NOTES.txt", () => {
    const notes = readFileSync(path.join(CHART, "templates/NOTES.txt"), "utf8");
    expect(notes).toContain('runtime.io/enabled: "true"');
    expect(notes).toContain("dapr.io/enabled");
    expect(notes).toContain("runtime.io/app-id");
    expect(notes).toContain("runtime.io/app-port");
  });
});
