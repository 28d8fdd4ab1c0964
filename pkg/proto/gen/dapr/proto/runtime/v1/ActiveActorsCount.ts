// Original file: proto/dapr/proto/runtime/v1/metadata.proto


export interface ActiveActorsCount {
  'type'?: (string);
  'count'?: (number);
}

export interface ActiveActorsCount__Output {
  'type': (string);
  'count': (number);
}
