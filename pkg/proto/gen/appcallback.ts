import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { ConfigurationItem as _dapr_proto_common_v1_ConfigurationItem, ConfigurationItem__Output as _dapr_proto_common_v1_ConfigurationItem__Output } from './dapr/proto/common/v1/ConfigurationItem.js';
import type { Etag as _dapr_proto_common_v1_Etag, Etag__Output as _dapr_proto_common_v1_Etag__Output } from './dapr/proto/common/v1/Etag.js';
import type { HTTPExtension as _dapr_proto_common_v1_HTTPExtension, HTTPExtension__Output as _dapr_proto_common_v1_HTTPExtension__Output } from './dapr/proto/common/v1/HTTPExtension.js';
import type { InvokeRequest as _dapr_proto_common_v1_InvokeRequest, InvokeRequest__Output as _dapr_proto_common_v1_InvokeRequest__Output } from './dapr/proto/common/v1/InvokeRequest.js';
import type { InvokeResponse as _dapr_proto_common_v1_InvokeResponse, InvokeResponse__Output as _dapr_proto_common_v1_InvokeResponse__Output } from './dapr/proto/common/v1/InvokeResponse.js';
import type { JobFailurePolicy as _dapr_proto_common_v1_JobFailurePolicy, JobFailurePolicy__Output as _dapr_proto_common_v1_JobFailurePolicy__Output } from './dapr/proto/common/v1/JobFailurePolicy.js';
import type { JobFailurePolicyConstant as _dapr_proto_common_v1_JobFailurePolicyConstant, JobFailurePolicyConstant__Output as _dapr_proto_common_v1_JobFailurePolicyConstant__Output } from './dapr/proto/common/v1/JobFailurePolicyConstant.js';
import type { JobFailurePolicyDrop as _dapr_proto_common_v1_JobFailurePolicyDrop, JobFailurePolicyDrop__Output as _dapr_proto_common_v1_JobFailurePolicyDrop__Output } from './dapr/proto/common/v1/JobFailurePolicyDrop.js';
import type { StateItem as _dapr_proto_common_v1_StateItem, StateItem__Output as _dapr_proto_common_v1_StateItem__Output } from './dapr/proto/common/v1/StateItem.js';
import type { StateOptions as _dapr_proto_common_v1_StateOptions, StateOptions__Output as _dapr_proto_common_v1_StateOptions__Output } from './dapr/proto/common/v1/StateOptions.js';
import type { StreamPayload as _dapr_proto_common_v1_StreamPayload, StreamPayload__Output as _dapr_proto_common_v1_StreamPayload__Output } from './dapr/proto/common/v1/StreamPayload.js';
import type { AppCallbackClient as _dapr_proto_runtime_v1_AppCallbackClient, AppCallbackDefinition as _dapr_proto_runtime_v1_AppCallbackDefinition } from './dapr/proto/runtime/v1/AppCallback.js';
import type { AppCallbackAlphaClient as _dapr_proto_runtime_v1_AppCallbackAlphaClient, AppCallbackAlphaDefinition as _dapr_proto_runtime_v1_AppCallbackAlphaDefinition } from './dapr/proto/runtime/v1/AppCallbackAlpha.js';
import type { AppCallbackHealthCheckClient as _dapr_proto_runtime_v1_AppCallbackHealthCheckClient, AppCallbackHealthCheckDefinition as _dapr_proto_runtime_v1_AppCallbackHealthCheckDefinition } from './dapr/proto/runtime/v1/AppCallbackHealthCheck.js';
import type { BindingEventRequest as _dapr_proto_runtime_v1_BindingEventRequest, BindingEventRequest__Output as _dapr_proto_runtime_v1_BindingEventRequest__Output } from './dapr/proto/runtime/v1/BindingEventRequest.js';
import type { BindingEventResponse as _dapr_proto_runtime_v1_BindingEventResponse, BindingEventResponse__Output as _dapr_proto_runtime_v1_BindingEventResponse__Output } from './dapr/proto/runtime/v1/BindingEventResponse.js';
import type { BulkSubscribeConfig as _dapr_proto_runtime_v1_BulkSubscribeConfig, BulkSubscribeConfig__Output as _dapr_proto_runtime_v1_BulkSubscribeConfig__Output } from './dapr/proto/runtime/v1/BulkSubscribeConfig.js';
import type { HealthCheckResponse as _dapr_proto_runtime_v1_HealthCheckResponse, HealthCheckResponse__Output as _dapr_proto_runtime_v1_HealthCheckResponse__Output } from './dapr/proto/runtime/v1/HealthCheckResponse.js';
import type { JobEventRequest as _dapr_proto_runtime_v1_JobEventRequest, JobEventRequest__Output as _dapr_proto_runtime_v1_JobEventRequest__Output } from './dapr/proto/runtime/v1/JobEventRequest.js';
import type { JobEventResponse as _dapr_proto_runtime_v1_JobEventResponse, JobEventResponse__Output as _dapr_proto_runtime_v1_JobEventResponse__Output } from './dapr/proto/runtime/v1/JobEventResponse.js';
import type { ListInputBindingsResponse as _dapr_proto_runtime_v1_ListInputBindingsResponse, ListInputBindingsResponse__Output as _dapr_proto_runtime_v1_ListInputBindingsResponse__Output } from './dapr/proto/runtime/v1/ListInputBindingsResponse.js';
import type { ListTopicSubscriptionsResponse as _dapr_proto_runtime_v1_ListTopicSubscriptionsResponse, ListTopicSubscriptionsResponse__Output as _dapr_proto_runtime_v1_ListTopicSubscriptionsResponse__Output } from './dapr/proto/runtime/v1/ListTopicSubscriptionsResponse.js';
import type { TopicEventBulkRequest as _dapr_proto_runtime_v1_TopicEventBulkRequest, TopicEventBulkRequest__Output as _dapr_proto_runtime_v1_TopicEventBulkRequest__Output } from './dapr/proto/runtime/v1/TopicEventBulkRequest.js';
import type { TopicEventBulkRequestEntry as _dapr_proto_runtime_v1_TopicEventBulkRequestEntry, TopicEventBulkRequestEntry__Output as _dapr_proto_runtime_v1_TopicEventBulkRequestEntry__Output } from './dapr/proto/runtime/v1/TopicEventBulkRequestEntry.js';
import type { TopicEventBulkResponse as _dapr_proto_runtime_v1_TopicEventBulkResponse, TopicEventBulkResponse__Output as _dapr_proto_runtime_v1_TopicEventBulkResponse__Output } from './dapr/proto/runtime/v1/TopicEventBulkResponse.js';
import type { TopicEventBulkResponseEntry as _dapr_proto_runtime_v1_TopicEventBulkResponseEntry, TopicEventBulkResponseEntry__Output as _dapr_proto_runtime_v1_TopicEventBulkResponseEntry__Output } from './dapr/proto/runtime/v1/TopicEventBulkResponseEntry.js';
import type { TopicEventCERequest as _dapr_proto_runtime_v1_TopicEventCERequest, TopicEventCERequest__Output as _dapr_proto_runtime_v1_TopicEventCERequest__Output } from './dapr/proto/runtime/v1/TopicEventCERequest.js';
import type { TopicEventRequest as _dapr_proto_runtime_v1_TopicEventRequest, TopicEventRequest__Output as _dapr_proto_runtime_v1_TopicEventRequest__Output } from './dapr/proto/runtime/v1/TopicEventRequest.js';
import type { TopicEventResponse as _dapr_proto_runtime_v1_TopicEventResponse, TopicEventResponse__Output as _dapr_proto_runtime_v1_TopicEventResponse__Output } from './dapr/proto/runtime/v1/TopicEventResponse.js';
import type { TopicRoutes as _dapr_proto_runtime_v1_TopicRoutes, TopicRoutes__Output as _dapr_proto_runtime_v1_TopicRoutes__Output } from './dapr/proto/runtime/v1/TopicRoutes.js';
import type { TopicRule as _dapr_proto_runtime_v1_TopicRule, TopicRule__Output as _dapr_proto_runtime_v1_TopicRule__Output } from './dapr/proto/runtime/v1/TopicRule.js';
import type { TopicSubscription as _dapr_proto_runtime_v1_TopicSubscription, TopicSubscription__Output as _dapr_proto_runtime_v1_TopicSubscription__Output } from './dapr/proto/runtime/v1/TopicSubscription.js';
import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from './google/protobuf/Any.js';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from './google/protobuf/Duration.js';
import type { Empty as _google_protobuf_Empty, Empty__Output as _google_protobuf_Empty__Output } from './google/protobuf/Empty.js';
import type { ListValue as _google_protobuf_ListValue, ListValue__Output as _google_protobuf_ListValue__Output } from './google/protobuf/ListValue.js';
import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from './google/protobuf/Struct.js';
import type { Value as _google_protobuf_Value, Value__Output as _google_protobuf_Value__Output } from './google/protobuf/Value.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  dapr: {
    proto: {
      common: {
        v1: {
          ConfigurationItem: MessageTypeDefinition<_dapr_proto_common_v1_ConfigurationItem, _dapr_proto_common_v1_ConfigurationItem__Output>
          Etag: MessageTypeDefinition<_dapr_proto_common_v1_Etag, _dapr_proto_common_v1_Etag__Output>
          HTTPExtension: MessageTypeDefinition<_dapr_proto_common_v1_HTTPExtension, _dapr_proto_common_v1_HTTPExtension__Output>
          InvokeRequest: MessageTypeDefinition<_dapr_proto_common_v1_InvokeRequest, _dapr_proto_common_v1_InvokeRequest__Output>
          InvokeResponse: MessageTypeDefinition<_dapr_proto_common_v1_InvokeResponse, _dapr_proto_common_v1_InvokeResponse__Output>
          JobFailurePolicy: MessageTypeDefinition<_dapr_proto_common_v1_JobFailurePolicy, _dapr_proto_common_v1_JobFailurePolicy__Output>
          JobFailurePolicyConstant: MessageTypeDefinition<_dapr_proto_common_v1_JobFailurePolicyConstant, _dapr_proto_common_v1_JobFailurePolicyConstant__Output>
          JobFailurePolicyDrop: MessageTypeDefinition<_dapr_proto_common_v1_JobFailurePolicyDrop, _dapr_proto_common_v1_JobFailurePolicyDrop__Output>
          StateItem: MessageTypeDefinition<_dapr_proto_common_v1_StateItem, _dapr_proto_common_v1_StateItem__Output>
          StateOptions: MessageTypeDefinition<_dapr_proto_common_v1_StateOptions, _dapr_proto_common_v1_StateOptions__Output>
          StreamPayload: MessageTypeDefinition<_dapr_proto_common_v1_StreamPayload, _dapr_proto_common_v1_StreamPayload__Output>
        }
      }
      runtime: {
        v1: {
          AppCallback: SubtypeConstructor<typeof grpc.Client, _dapr_proto_runtime_v1_AppCallbackClient> & { service: _dapr_proto_runtime_v1_AppCallbackDefinition }
          AppCallbackAlpha: SubtypeConstructor<typeof grpc.Client, _dapr_proto_runtime_v1_AppCallbackAlphaClient> & { service: _dapr_proto_runtime_v1_AppCallbackAlphaDefinition }
          AppCallbackHealthCheck: SubtypeConstructor<typeof grpc.Client, _dapr_proto_runtime_v1_AppCallbackHealthCheckClient> & { service: _dapr_proto_runtime_v1_AppCallbackHealthCheckDefinition }
          BindingEventRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_BindingEventRequest, _dapr_proto_runtime_v1_BindingEventRequest__Output>
          BindingEventResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_BindingEventResponse, _dapr_proto_runtime_v1_BindingEventResponse__Output>
          BulkSubscribeConfig: MessageTypeDefinition<_dapr_proto_runtime_v1_BulkSubscribeConfig, _dapr_proto_runtime_v1_BulkSubscribeConfig__Output>
          HealthCheckResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_HealthCheckResponse, _dapr_proto_runtime_v1_HealthCheckResponse__Output>
          JobEventRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_JobEventRequest, _dapr_proto_runtime_v1_JobEventRequest__Output>
          JobEventResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_JobEventResponse, _dapr_proto_runtime_v1_JobEventResponse__Output>
          ListInputBindingsResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_ListInputBindingsResponse, _dapr_proto_runtime_v1_ListInputBindingsResponse__Output>
          ListTopicSubscriptionsResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_ListTopicSubscriptionsResponse, _dapr_proto_runtime_v1_ListTopicSubscriptionsResponse__Output>
          TopicEventBulkRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_TopicEventBulkRequest, _dapr_proto_runtime_v1_TopicEventBulkRequest__Output>
          TopicEventBulkRequestEntry: MessageTypeDefinition<_dapr_proto_runtime_v1_TopicEventBulkRequestEntry, _dapr_proto_runtime_v1_TopicEventBulkRequestEntry__Output>
          TopicEventBulkResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_TopicEventBulkResponse, _dapr_proto_runtime_v1_TopicEventBulkResponse__Output>
          TopicEventBulkResponseEntry: MessageTypeDefinition<_dapr_proto_runtime_v1_TopicEventBulkResponseEntry, _dapr_proto_runtime_v1_TopicEventBulkResponseEntry__Output>
          TopicEventCERequest: MessageTypeDefinition<_dapr_proto_runtime_v1_TopicEventCERequest, _dapr_proto_runtime_v1_TopicEventCERequest__Output>
          TopicEventRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_TopicEventRequest, _dapr_proto_runtime_v1_TopicEventRequest__Output>
          TopicEventResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_TopicEventResponse, _dapr_proto_runtime_v1_TopicEventResponse__Output>
          TopicRoutes: MessageTypeDefinition<_dapr_proto_runtime_v1_TopicRoutes, _dapr_proto_runtime_v1_TopicRoutes__Output>
          TopicRule: MessageTypeDefinition<_dapr_proto_runtime_v1_TopicRule, _dapr_proto_runtime_v1_TopicRule__Output>
          TopicSubscription: MessageTypeDefinition<_dapr_proto_runtime_v1_TopicSubscription, _dapr_proto_runtime_v1_TopicSubscription__Output>
        }
      }
    }
  }
  google: {
    protobuf: {
      Any: MessageTypeDefinition<_google_protobuf_Any, _google_protobuf_Any__Output>
      Duration: MessageTypeDefinition<_google_protobuf_Duration, _google_protobuf_Duration__Output>
      Empty: MessageTypeDefinition<_google_protobuf_Empty, _google_protobuf_Empty__Output>
      ListValue: MessageTypeDefinition<_google_protobuf_ListValue, _google_protobuf_ListValue__Output>
      NullValue: EnumTypeDefinition
      Struct: MessageTypeDefinition<_google_protobuf_Struct, _google_protobuf_Struct__Output>
      Value: MessageTypeDefinition<_google_protobuf_Value, _google_protobuf_Value__Output>
    }
  }
}

