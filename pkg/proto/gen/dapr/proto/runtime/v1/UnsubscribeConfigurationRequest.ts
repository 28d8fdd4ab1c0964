// Original file: proto/dapr/proto/runtime/v1/configuration.proto


export interface UnsubscribeConfigurationRequest {
  'store_name'?: (string);
  'id'?: (string);
}

export interface UnsubscribeConfigurationRequest__Output {
  'store_name': (string);
  'id': (string);
}
