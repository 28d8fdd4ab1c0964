// Original file: proto/dapr/proto/common/v1/common.proto

import type { Long } from '@grpc/proto-loader';

export interface StreamPayload {
  'data'?: (Buffer | Uint8Array | string);
  'seq'?: (number | string | Long);
}

export interface StreamPayload__Output {
  'data': (Buffer);
  'seq': (string);
}
