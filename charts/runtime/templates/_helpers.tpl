{{- define "runtime.name" -}}
{{- .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "runtime.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "runtime.injector.name" -}}
{{- printf "%s-injector" (include "runtime.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "runtime.injector.tlsSecret" -}}
{{- if eq .Values.tls.mode "secret" -}}
{{- required "tls.existingSecret is required when tls.mode is secret" .Values.tls.existingSecret -}}
{{- else -}}
{{- printf "%s-tls" (include "runtime.injector.name" .) -}}
{{- end -}}
{{- end -}}

{{- define "runtime.labels" -}}
app.kubernetes.io/name: {{ include "runtime.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{- end -}}

{{- define "runtime.injector.selectorLabels" -}}
app.kubernetes.io/name: {{ include "runtime.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: injector
{{- end -}}

{{- define "runtime.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{- define "runtime.sidecarImage" -}}
{{- printf "%s:%s" (default .Values.image.repository .Values.sidecar.image.repository) (default (default .Chart.AppVersion .Values.image.tag) .Values.sidecar.image.tag) -}}
{{- end -}}

{{/*
The webhook's serving certificate and its CA, as JSON {ca, cert, key} of PEM strings. Computed once
per render and kept in .Values (shared by every template of the render) so the Secret, the caBundle
and the Deployment's checksum agree; an earlier install's Secret is reused so upgrades do not rotate it.
*/}}
{{- define "runtime.injector.tls" -}}
{{- if not (hasKey .Values "__runtimeInjectorTLS") -}}
{{- $service := include "runtime.injector.name" . -}}
{{- $secretName := printf "%s-tls" $service -}}
{{- $existing := lookup "v1" "Secret" .Release.Namespace $secretName -}}
{{- $tls := dict -}}
{{- if and $existing (index ($existing.data | default dict) "ca.crt") (index ($existing.data | default dict) "tls.crt") (index ($existing.data | default dict) "tls.key") -}}
{{- $tls = dict "ca" (index $existing.data "ca.crt" | b64dec) "cert" (index $existing.data "tls.crt" | b64dec) "key" (index $existing.data "tls.key" | b64dec) -}}
{{- else -}}
{{- $dns := list $service (printf "%s.%s" $service .Release.Namespace) (printf "%s.%s.svc" $service .Release.Namespace) (printf "%s.%s.svc.cluster.local" $service .Release.Namespace) -}}
{{- $ca := genCA (printf "%s-ca" $service) (int .Values.tls.validityDays) -}}
{{- $cert := genSignedCert (printf "%s.%s.svc" $service .Release.Namespace) nil $dns (int .Values.tls.validityDays) $ca -}}
{{- $tls = dict "ca" $ca.Cert "cert" $cert.Cert "key" $cert.Key -}}
{{- end -}}
{{- $_ := set .Values "__runtimeInjectorTLS" ($tls | toJson) -}}
{{- end -}}
{{- index .Values "__runtimeInjectorTLS" -}}
{{- end -}}

{{- define "runtime.injector.caBundle" -}}
{{- if eq .Values.tls.mode "certManager" -}}
{{- else if eq .Values.tls.mode "secret" -}}
{{- required "tls.caBundle (the PEM of the CA that signed tls.existingSecret) is required when tls.mode is secret" .Values.tls.caBundle | b64enc -}}
{{- else -}}
{{- (include "runtime.injector.tls" . | fromJson).ca | b64enc -}}
{{- end -}}
{{- end -}}
