// Original file: proto/dapr/proto/runtime/v1/appcallback.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { JobEventRequest as _dapr_proto_runtime_v1_JobEventRequest, JobEventRequest__Output as _dapr_proto_runtime_v1_JobEventRequest__Output } from '../../../../dapr/proto/runtime/v1/JobEventRequest.js';
import type { JobEventResponse as _dapr_proto_runtime_v1_JobEventResponse, JobEventResponse__Output as _dapr_proto_runtime_v1_JobEventResponse__Output } from '../../../../dapr/proto/runtime/v1/JobEventResponse.js';
import type { TopicEventBulkRequest as _dapr_proto_runtime_v1_TopicEventBulkRequest, TopicEventBulkRequest__Output as _dapr_proto_runtime_v1_TopicEventBulkRequest__Output } from '../../../../dapr/proto/runtime/v1/TopicEventBulkRequest.js';
import type { TopicEventBulkResponse as _dapr_proto_runtime_v1_TopicEventBulkResponse, TopicEventBulkResponse__Output as _dapr_proto_runtime_v1_TopicEventBulkResponse__Output } from '../../../../dapr/proto/runtime/v1/TopicEventBulkResponse.js';

export interface AppCallbackAlphaClient extends grpc.Client {
  OnBulkTopicEventAlpha1(argument: _dapr_proto_runtime_v1_TopicEventBulkRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventBulkResponse__Output>): grpc.ClientUnaryCall;
  OnBulkTopicEventAlpha1(argument: _dapr_proto_runtime_v1_TopicEventBulkRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventBulkResponse__Output>): grpc.ClientUnaryCall;
  OnBulkTopicEventAlpha1(argument: _dapr_proto_runtime_v1_TopicEventBulkRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventBulkResponse__Output>): grpc.ClientUnaryCall;
  OnBulkTopicEventAlpha1(argument: _dapr_proto_runtime_v1_TopicEventBulkRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventBulkResponse__Output>): grpc.ClientUnaryCall;
  onBulkTopicEventAlpha1(argument: _dapr_proto_runtime_v1_TopicEventBulkRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventBulkResponse__Output>): grpc.ClientUnaryCall;
  onBulkTopicEventAlpha1(argument: _dapr_proto_runtime_v1_TopicEventBulkRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventBulkResponse__Output>): grpc.ClientUnaryCall;
  onBulkTopicEventAlpha1(argument: _dapr_proto_runtime_v1_TopicEventBulkRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventBulkResponse__Output>): grpc.ClientUnaryCall;
  onBulkTopicEventAlpha1(argument: _dapr_proto_runtime_v1_TopicEventBulkRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventBulkResponse__Output>): grpc.ClientUnaryCall;
  
  OnJobEventAlpha1(argument: _dapr_proto_runtime_v1_JobEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_JobEventResponse__Output>): grpc.ClientUnaryCall;
  OnJobEventAlpha1(argument: _dapr_proto_runtime_v1_JobEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_JobEventResponse__Output>): grpc.ClientUnaryCall;
  OnJobEventAlpha1(argument: _dapr_proto_runtime_v1_JobEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_JobEventResponse__Output>): grpc.ClientUnaryCall;
  OnJobEventAlpha1(argument: _dapr_proto_runtime_v1_JobEventRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_JobEventResponse__Output>): grpc.ClientUnaryCall;
  onJobEventAlpha1(argument: _dapr_proto_runtime_v1_JobEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_JobEventResponse__Output>): grpc.ClientUnaryCall;
  onJobEventAlpha1(argument: _dapr_proto_runtime_v1_JobEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_JobEventResponse__Output>): grpc.ClientUnaryCall;
  onJobEventAlpha1(argument: _dapr_proto_runtime_v1_JobEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_JobEventResponse__Output>): grpc.ClientUnaryCall;
  onJobEventAlpha1(argument: _dapr_proto_runtime_v1_JobEventRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_JobEventResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface AppCallbackAlphaHandlers extends grpc.UntypedServiceImplementation {
  OnBulkTopicEventAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_TopicEventBulkRequest__Output, _dapr_proto_runtime_v1_TopicEventBulkResponse>;
  
  OnJobEventAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_JobEventRequest__Output, _dapr_proto_runtime_v1_JobEventResponse>;
  
}

export interface AppCallbackAlphaDefinition extends grpc.ServiceDefinition {
  OnBulkTopicEventAlpha1: MethodDefinition<_dapr_proto_runtime_v1_TopicEventBulkRequest, _dapr_proto_runtime_v1_TopicEventBulkResponse, _dapr_proto_runtime_v1_TopicEventBulkRequest__Output, _dapr_proto_runtime_v1_TopicEventBulkResponse__Output>
  OnJobEventAlpha1: MethodDefinition<_dapr_proto_runtime_v1_JobEventRequest, _dapr_proto_runtime_v1_JobEventResponse, _dapr_proto_runtime_v1_JobEventRequest__Output, _dapr_proto_runtime_v1_JobEventResponse__Output>
}
