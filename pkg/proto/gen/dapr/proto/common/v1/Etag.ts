// Original file: proto/dapr/proto/common/v1/common.proto


export interface Etag {
  'value'?: (string);
}

export interface Etag__Output {
  'value': (string);
}
