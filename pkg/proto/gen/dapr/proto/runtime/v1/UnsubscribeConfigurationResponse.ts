// Original file: proto/dapr/proto/runtime/v1/configuration.proto


export interface UnsubscribeConfigurationResponse {
  'ok'?: (boolean);
  'message'?: (string);
}

export interface UnsubscribeConfigurationResponse__Output {
  'ok': (boolean);
  'message': (string);
}
