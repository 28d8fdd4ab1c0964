// Original file: proto/dapr/proto/runtime/v1/appcallback.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { BindingEventRequest as _dapr_proto_runtime_v1_BindingEventRequest, BindingEventRequest__Output as _dapr_proto_runtime_v1_BindingEventRequest__Output } from '../../../../dapr/proto/runtime/v1/BindingEventRequest.js';
import type { BindingEventResponse as _dapr_proto_runtime_v1_BindingEventResponse, BindingEventResponse__Output as _dapr_proto_runtime_v1_BindingEventResponse__Output } from '../../../../dapr/proto/runtime/v1/BindingEventResponse.js';
import type { Empty as _google_protobuf_Empty, Empty__Output as _google_protobuf_Empty__Output } from '../../../../google/protobuf/Empty.js';
import type { InvokeRequest as _dapr_proto_common_v1_InvokeRequest, InvokeRequest__Output as _dapr_proto_common_v1_InvokeRequest__Output } from '../../../../dapr/proto/common/v1/InvokeRequest.js';
import type { InvokeResponse as _dapr_proto_common_v1_InvokeResponse, InvokeResponse__Output as _dapr_proto_common_v1_InvokeResponse__Output } from '../../../../dapr/proto/common/v1/InvokeResponse.js';
import type { JobEventRequest as _dapr_proto_runtime_v1_JobEventRequest, JobEventRequest__Output as _dapr_proto_runtime_v1_JobEventRequest__Output } from '../../../../dapr/proto/runtime/v1/JobEventRequest.js';
import type { JobEventResponse as _dapr_proto_runtime_v1_JobEventResponse, JobEventResponse__Output as _dapr_proto_runtime_v1_JobEventResponse__Output } from '../../../../dapr/proto/runtime/v1/JobEventResponse.js';
import type { ListInputBindingsResponse as _dapr_proto_runtime_v1_ListInputBindingsResponse, ListInputBindingsResponse__Output as _dapr_proto_runtime_v1_ListInputBindingsResponse__Output } from '../../../../dapr/proto/runtime/v1/ListInputBindingsResponse.js';
import type { ListTopicSubscriptionsResponse as _dapr_proto_runtime_v1_ListTopicSubscriptionsResponse, ListTopicSubscriptionsResponse__Output as _dapr_proto_runtime_v1_ListTopicSubscriptionsResponse__Output } from '../../../../dapr/proto/runtime/v1/ListTopicSubscriptionsResponse.js';
import type { TopicEventBulkRequest as _dapr_proto_runtime_v1_TopicEventBulkRequest, TopicEventBulkRequest__Output as _dapr_proto_runtime_v1_TopicEventBulkRequest__Output } from '../../../../dapr/proto/runtime/v1/TopicEventBulkRequest.js';
import type { TopicEventBulkResponse as _dapr_proto_runtime_v1_TopicEventBulkResponse, TopicEventBulkResponse__Output as _dapr_proto_runtime_v1_TopicEventBulkResponse__Output } from '../../../../dapr/proto/runtime/v1/TopicEventBulkResponse.js';
import type { TopicEventRequest as _dapr_proto_runtime_v1_TopicEventRequest, TopicEventRequest__Output as _dapr_proto_runtime_v1_TopicEventRequest__Output } from '../../../../dapr/proto/runtime/v1/TopicEventRequest.js';
import type { TopicEventResponse as _dapr_proto_runtime_v1_TopicEventResponse, TopicEventResponse__Output as _dapr_proto_runtime_v1_TopicEventResponse__Output } from '../../../../dapr/proto/runtime/v1/TopicEventResponse.js';

export interface AppCallbackClient extends grpc.Client {
  ListInputBindings(argument: _google_protobuf_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListInputBindingsResponse__Output>): grpc.ClientUnaryCall;
  ListInputBindings(argument: _google_protobuf_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListInputBindingsResponse__Output>): grpc.ClientUnaryCall;
  ListInputBindings(argument: _google_protobuf_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListInputBindingsResponse__Output>): grpc.ClientUnaryCall;
  ListInputBindings(argument: _google_protobuf_Empty, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListInputBindingsResponse__Output>): grpc.ClientUnaryCall;
  listInputBindings(argument: _google_protobuf_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListInputBindingsResponse__Output>): grpc.ClientUnaryCall;
  listInputBindings(argument: _google_protobuf_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListInputBindingsResponse__Output>): grpc.ClientUnaryCall;
  listInputBindings(argument: _google_protobuf_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListInputBindingsResponse__Output>): grpc.ClientUnaryCall;
  listInputBindings(argument: _google_protobuf_Empty, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListInputBindingsResponse__Output>): grpc.ClientUnaryCall;
  
  ListTopicSubscriptions(argument: _google_protobuf_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListTopicSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  ListTopicSubscriptions(argument: _google_protobuf_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListTopicSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  ListTopicSubscriptions(argument: _google_protobuf_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListTopicSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  ListTopicSubscriptions(argument: _google_protobuf_Empty, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListTopicSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  listTopicSubscriptions(argument: _google_protobuf_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListTopicSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  listTopicSubscriptions(argument: _google_protobuf_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListTopicSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  listTopicSubscriptions(argument: _google_protobuf_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListTopicSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  listTopicSubscriptions(argument: _google_protobuf_Empty, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListTopicSubscriptionsResponse__Output>): grpc.ClientUnaryCall;
  
  OnBindingEvent(argument: _dapr_proto_runtime_v1_BindingEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BindingEventResponse__Output>): grpc.ClientUnaryCall;
  OnBindingEvent(argument: _dapr_proto_runtime_v1_BindingEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BindingEventResponse__Output>): grpc.ClientUnaryCall;
  OnBindingEvent(argument: _dapr_proto_runtime_v1_BindingEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BindingEventResponse__Output>): grpc.ClientUnaryCall;
  OnBindingEvent(argument: _dapr_proto_runtime_v1_BindingEventRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BindingEventResponse__Output>): grpc.ClientUnaryCall;
  onBindingEvent(argument: _dapr_proto_runtime_v1_BindingEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BindingEventResponse__Output>): grpc.ClientUnaryCall;
  onBindingEvent(argument: _dapr_proto_runtime_v1_BindingEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BindingEventResponse__Output>): grpc.ClientUnaryCall;
  onBindingEvent(argument: _dapr_proto_runtime_v1_BindingEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BindingEventResponse__Output>): grpc.ClientUnaryCall;
  onBindingEvent(argument: _dapr_proto_runtime_v1_BindingEventRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BindingEventResponse__Output>): grpc.ClientUnaryCall;
  
  OnBulkTopicEvent(argument: _dapr_proto_runtime_v1_TopicEventBulkRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventBulkResponse__Output>): grpc.ClientUnaryCall;
  OnBulkTopicEvent(argument: _dapr_proto_runtime_v1_TopicEventBulkRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventBulkResponse__Output>): grpc.ClientUnaryCall;
  OnBulkTopicEvent(argument: _dapr_proto_runtime_v1_TopicEventBulkRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventBulkResponse__Output>): grpc.ClientUnaryCall;
  OnBulkTopicEvent(argument: _dapr_proto_runtime_v1_TopicEventBulkRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventBulkResponse__Output>): grpc.ClientUnaryCall;
  onBulkTopicEvent(argument: _dapr_proto_runtime_v1_TopicEventBulkRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventBulkResponse__Output>): grpc.ClientUnaryCall;
  onBulkTopicEvent(argument: _dapr_proto_runtime_v1_TopicEventBulkRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventBulkResponse__Output>): grpc.ClientUnaryCall;
  onBulkTopicEvent(argument: _dapr_proto_runtime_v1_TopicEventBulkRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventBulkResponse__Output>): grpc.ClientUnaryCall;
  onBulkTopicEvent(argument: _dapr_proto_runtime_v1_TopicEventBulkRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventBulkResponse__Output>): grpc.ClientUnaryCall;
  
  OnInvoke(argument: _dapr_proto_common_v1_InvokeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_common_v1_InvokeResponse__Output>): grpc.ClientUnaryCall;
  OnInvoke(argument: _dapr_proto_common_v1_InvokeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_common_v1_InvokeResponse__Output>): grpc.ClientUnaryCall;
  OnInvoke(argument: _dapr_proto_common_v1_InvokeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_common_v1_InvokeResponse__Output>): grpc.ClientUnaryCall;
  OnInvoke(argument: _dapr_proto_common_v1_InvokeRequest, callback: grpc.requestCallback<_dapr_proto_common_v1_InvokeResponse__Output>): grpc.ClientUnaryCall;
  onInvoke(argument: _dapr_proto_common_v1_InvokeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_common_v1_InvokeResponse__Output>): grpc.ClientUnaryCall;
  onInvoke(argument: _dapr_proto_common_v1_InvokeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_common_v1_InvokeResponse__Output>): grpc.ClientUnaryCall;
  onInvoke(argument: _dapr_proto_common_v1_InvokeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_common_v1_InvokeResponse__Output>): grpc.ClientUnaryCall;
  onInvoke(argument: _dapr_proto_common_v1_InvokeRequest, callback: grpc.requestCallback<_dapr_proto_common_v1_InvokeResponse__Output>): grpc.ClientUnaryCall;
  
  OnJobEvent(argument: _dapr_proto_runtime_v1_JobEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_JobEventResponse__Output>): grpc.ClientUnaryCall;
  OnJobEvent(argument: _dapr_proto_runtime_v1_JobEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_JobEventResponse__Output>): grpc.ClientUnaryCall;
  OnJobEvent(argument: _dapr_proto_runtime_v1_JobEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_JobEventResponse__Output>): grpc.ClientUnaryCall;
  OnJobEvent(argument: _dapr_proto_runtime_v1_JobEventRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_JobEventResponse__Output>): grpc.ClientUnaryCall;
  onJobEvent(argument: _dapr_proto_runtime_v1_JobEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_JobEventResponse__Output>): grpc.ClientUnaryCall;
  onJobEvent(argument: _dapr_proto_runtime_v1_JobEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_JobEventResponse__Output>): grpc.ClientUnaryCall;
  onJobEvent(argument: _dapr_proto_runtime_v1_JobEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_JobEventResponse__Output>): grpc.ClientUnaryCall;
  onJobEvent(argument: _dapr_proto_runtime_v1_JobEventRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_JobEventResponse__Output>): grpc.ClientUnaryCall;
  
  OnTopicEvent(argument: _dapr_proto_runtime_v1_TopicEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventResponse__Output>): grpc.ClientUnaryCall;
  OnTopicEvent(argument: _dapr_proto_runtime_v1_TopicEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventResponse__Output>): grpc.ClientUnaryCall;
  OnTopicEvent(argument: _dapr_proto_runtime_v1_TopicEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventResponse__Output>): grpc.ClientUnaryCall;
  OnTopicEvent(argument: _dapr_proto_runtime_v1_TopicEventRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventResponse__Output>): grpc.ClientUnaryCall;
  onTopicEvent(argument: _dapr_proto_runtime_v1_TopicEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventResponse__Output>): grpc.ClientUnaryCall;
  onTopicEvent(argument: _dapr_proto_runtime_v1_TopicEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventResponse__Output>): grpc.ClientUnaryCall;
  onTopicEvent(argument: _dapr_proto_runtime_v1_TopicEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventResponse__Output>): grpc.ClientUnaryCall;
  onTopicEvent(argument: _dapr_proto_runtime_v1_TopicEventRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TopicEventResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface AppCallbackHandlers extends grpc.UntypedServiceImplementation {
  ListInputBindings: grpc.handleUnaryCall<_google_protobuf_Empty__Output, _dapr_proto_runtime_v1_ListInputBindingsResponse>;
  
  ListTopicSubscriptions: grpc.handleUnaryCall<_google_protobuf_Empty__Output, _dapr_proto_runtime_v1_ListTopicSubscriptionsResponse>;
  
  OnBindingEvent: grpc.handleUnaryCall<_dapr_proto_runtime_v1_BindingEventRequest__Output, _dapr_proto_runtime_v1_BindingEventResponse>;
  
  OnBulkTopicEvent: grpc.handleUnaryCall<_dapr_proto_runtime_v1_TopicEventBulkRequest__Output, _dapr_proto_runtime_v1_TopicEventBulkResponse>;
  
  OnInvoke: grpc.handleUnaryCall<_dapr_proto_common_v1_InvokeRequest__Output, _dapr_proto_common_v1_InvokeResponse>;
  
  OnJobEvent: grpc.handleUnaryCall<_dapr_proto_runtime_v1_JobEventRequest__Output, _dapr_proto_runtime_v1_JobEventResponse>;
  
  OnTopicEvent: grpc.handleUnaryCall<_dapr_proto_runtime_v1_TopicEventRequest__Output, _dapr_proto_runtime_v1_TopicEventResponse>;
  
}

export interface AppCallbackDefinition extends grpc.ServiceDefinition {
  ListInputBindings: MethodDefinition<_google_protobuf_Empty, _dapr_proto_runtime_v1_ListInputBindingsResponse, _google_protobuf_Empty__Output, _dapr_proto_runtime_v1_ListInputBindingsResponse__Output>
  ListTopicSubscriptions: MethodDefinition<_google_protobuf_Empty, _dapr_proto_runtime_v1_ListTopicSubscriptionsResponse, _google_protobuf_Empty__Output, _dapr_proto_runtime_v1_ListTopicSubscriptionsResponse__Output>
  OnBindingEvent: MethodDefinition<_dapr_proto_runtime_v1_BindingEventRequest, _dapr_proto_runtime_v1_BindingEventResponse, _dapr_proto_runtime_v1_BindingEventRequest__Output, _dapr_proto_runtime_v1_BindingEventResponse__Output>
  OnBulkTopicEvent: MethodDefinition<_dapr_proto_runtime_v1_TopicEventBulkRequest, _dapr_proto_runtime_v1_TopicEventBulkResponse, _dapr_proto_runtime_v1_TopicEventBulkRequest__Output, _dapr_proto_runtime_v1_TopicEventBulkResponse__Output>
  OnInvoke: MethodDefinition<_dapr_proto_common_v1_InvokeRequest, _dapr_proto_common_v1_InvokeResponse, _dapr_proto_common_v1_InvokeRequest__Output, _dapr_proto_common_v1_InvokeResponse__Output>
  OnJobEvent: MethodDefinition<_dapr_proto_runtime_v1_JobEventRequest, _dapr_proto_runtime_v1_JobEventResponse, _dapr_proto_runtime_v1_JobEventRequest__Output, _dapr_proto_runtime_v1_JobEventResponse__Output>
  OnTopicEvent: MethodDefinition<_dapr_proto_runtime_v1_TopicEventRequest, _dapr_proto_runtime_v1_TopicEventResponse, _dapr_proto_runtime_v1_TopicEventRequest__Output, _dapr_proto_runtime_v1_TopicEventResponse__Output>
}
