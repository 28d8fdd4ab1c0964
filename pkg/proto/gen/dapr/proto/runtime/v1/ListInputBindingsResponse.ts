// Original file: proto/dapr/proto/runtime/v1/appcallback.proto


export interface ListInputBindingsResponse {
  'bindings'?: (string)[];
}

export interface ListInputBindingsResponse__Output {
  'bindings': (string)[];
}
