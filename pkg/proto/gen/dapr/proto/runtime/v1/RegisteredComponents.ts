// Original file: proto/dapr/proto/runtime/v1/metadata.proto


export interface RegisteredComponents {
  'name'?: (string);
  'type'?: (string);
  'version'?: (string);
  'capabilities'?: (string)[];
}

export interface RegisteredComponents__Output {
  'name': (string);
  'type': (string);
  'version': (string);
  'capabilities': (string)[];
}
