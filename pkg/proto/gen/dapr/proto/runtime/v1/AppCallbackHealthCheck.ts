// Original file: proto/dapr/proto/runtime/v1/appcallback.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Empty as _google_protobuf_Empty, Empty__Output as _google_protobuf_Empty__Output } from '../../../../google/protobuf/Empty.js';
import type { HealthCheckResponse as _dapr_proto_runtime_v1_HealthCheckResponse, HealthCheckResponse__Output as _dapr_proto_runtime_v1_HealthCheckResponse__Output } from '../../../../dapr/proto/runtime/v1/HealthCheckResponse.js';

export interface AppCallbackHealthCheckClient extends grpc.Client {
  HealthCheck(argument: _google_protobuf_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_HealthCheckResponse__Output>): grpc.ClientUnaryCall;
  HealthCheck(argument: _google_protobuf_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_HealthCheckResponse__Output>): grpc.ClientUnaryCall;
  HealthCheck(argument: _google_protobuf_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_HealthCheckResponse__Output>): grpc.ClientUnaryCall;
  HealthCheck(argument: _google_protobuf_Empty, callback: grpc.requestCallback<_dapr_proto_runtime_v1_HealthCheckResponse__Output>): grpc.ClientUnaryCall;
  healthCheck(argument: _google_protobuf_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_HealthCheckResponse__Output>): grpc.ClientUnaryCall;
  healthCheck(argument: _google_protobuf_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_HealthCheckResponse__Output>): grpc.ClientUnaryCall;
  healthCheck(argument: _google_protobuf_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_HealthCheckResponse__Output>): grpc.ClientUnaryCall;
  healthCheck(argument: _google_protobuf_Empty, callback: grpc.requestCallback<_dapr_proto_runtime_v1_HealthCheckResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface AppCallbackHealthCheckHandlers extends grpc.UntypedServiceImplementation {
  HealthCheck: grpc.handleUnaryCall<_google_protobuf_Empty__Output, _dapr_proto_runtime_v1_HealthCheckResponse>;
  
}

export interface AppCallbackHealthCheckDefinition extends grpc.ServiceDefinition {
  HealthCheck: MethodDefinition<_google_protobuf_Empty, _dapr_proto_runtime_v1_HealthCheckResponse, _google_protobuf_Empty__Output, _dapr_proto_runtime_v1_HealthCheckResponse__Output>
}
