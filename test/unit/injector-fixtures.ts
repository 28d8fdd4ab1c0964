/**
 * AdmissionReview v1 documents as the API server sends them for a pod created by a Deployment's
 * ReplicaSet: no metadata.name yet (generateName), namespace only on the request, the controller
 * ownerReference, the pod-template-hash label, defaulted fields (terminationMessagePath, dnsPolicy...).
 */

export const POD_TEMPLATE_HASH = "7c9d8f6b5d";

export function deploymentPod(annotations: Record<string, string>, overrides: { deployment?: string; containers?: unknown[]; labels?: Record<string, string> } = {}): Record<string, unknown> {
  const deployment = overrides.deployment ?? "checkout";
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      generateName: `${deployment}-${POD_TEMPLATE_HASH}-`,
      creationTimestamp: null,
      labels: { app: deployment, "pod-template-hash": POD_TEMPLATE_HASH, ...overrides.labels },
      annotations,
      ownerReferences: [
        { apiVersion: "apps/v1", kind: "ReplicaSet", name: `${deployment}-${POD_TEMPLATE_HASH}`, uid: "0b1f4c52-3a7e-4b43-9d35-2c6f0f7a9f10", controller: true, blockOwnerDeletion: true },
      ],
      managedFields: [{ manager: "kube-controller-manager", operation: "Update", apiVersion: "v1", time: "2025-01-01T00:00:00Z", fieldsType: "FieldsV1", fieldsV1: {} }],
    },
    spec: {
      volumes: [{ name: "kube-api-access-x1y2z", projected: { sources: [{ serviceAccountToken: { expirationSeconds: 3607, path: "token" } }], defaultMode: 420 } }],
      containers: overrides.containers ?? [
        {
          name: "app",
          image: "registry.example.com/checkout:1.4.2",
          ports: [{ name: "http", containerPort: 8080, protocol: "TCP" }],
          env: [{ name: "LOG_FORMAT", value: "json" }],
          resources: {},
          volumeMounts: [{ name: "kube-api-access-x1y2z", readOnly: true, mountPath: "/var/run/secrets/kubernetes.io/serviceaccount" }],
          terminationMessagePath: "/dev/termination-log",
          terminationMessagePolicy: "File",
          imagePullPolicy: "IfNotPresent",
        },
      ],
      restartPolicy: "Always",
      terminationGracePeriodSeconds: 30,
      dnsPolicy: "ClusterFirst",
      serviceAccountName: "default",
      serviceAccount: "default",
      securityContext: {},
      schedulerName: "default-scheduler",
      tolerations: [
        { key: "node.kubernetes.io/not-ready", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 },
        { key: "node.kubernetes.io/unreachable", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 },
      ],
      priority: 0,
      enableServiceLinks: true,
      preemptionPolicy: "PreemptLowerPriority",
    },
    status: {},
  };
}

export function admissionReview(object: unknown, options: { namespace?: string; uid?: string; kind?: { group: string; version: string; kind: string }; resource?: string; operation?: string } = {}): Record<string, unknown> {
  const kind = options.kind ?? { group: "", version: "v1", kind: "Pod" };
  return {
    kind: "AdmissionReview",
    apiVersion: "admission.k8s.io/v1",
    request: {
      uid: options.uid ?? "705ab4f5-6393-11e8-b7cc-42010a800002",
      kind,
      resource: { group: kind.group, version: kind.version, resource: options.resource ?? "pods" },
      requestKind: kind,
      requestResource: { group: kind.group, version: kind.version, resource: options.resource ?? "pods" },
      namespace: options.namespace ?? "shop",
      operation: options.operation ?? "CREATE",
      userInfo: { username: "system:serviceaccount:kube-system:replicaset-controller", uid: "d3b2a0a1-0000-4000-8000-000000000001", groups: ["system:serviceaccounts", "system:serviceaccounts:kube-system", "system:authenticated"] },
      object,
      oldObject: null,
      dryRun: false,
      options: { kind: "CreateOptions", apiVersion: "meta.k8s.io/v1" },
    },
  };
}

export const DEPLOYMENT_OBJECT = {
  apiVersion: "apps/v1",
  kind: "Deployment",
  metadata: { name: "checkout", namespace: "shop", annotations: { "runtime.io/enabled": "true" } },
  spec: { selector: { matchLabels: { app: "checkout" } }, template: { metadata: { labels: { app: "checkout" } }, spec: { containers: [{ name: "app", image: "x" }] } } },
};
