// Original file: proto/dapr/proto/runtime/v1/metadata.proto


export interface AppConnectionHealthProperties {
  'health_check_path'?: (string);
  'health_probe_interval'?: (string);
  'health_probe_timeout'?: (string);
  'health_threshold'?: (number);
}

export interface AppConnectionHealthProperties__Output {
  'health_check_path': (string);
  'health_probe_interval': (string);
  'health_probe_timeout': (string);
  'health_threshold': (number);
}
