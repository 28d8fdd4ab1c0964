// Original file: proto/dapr/proto/runtime/v1/dapr.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { BulkPublishRequest as _dapr_proto_runtime_v1_BulkPublishRequest, BulkPublishRequest__Output as _dapr_proto_runtime_v1_BulkPublishRequest__Output } from '../../../../dapr/proto/runtime/v1/BulkPublishRequest.js';
import type { BulkPublishResponse as _dapr_proto_runtime_v1_BulkPublishResponse, BulkPublishResponse__Output as _dapr_proto_runtime_v1_BulkPublishResponse__Output } from '../../../../dapr/proto/runtime/v1/BulkPublishResponse.js';
import type { ConversationRequest as _dapr_proto_runtime_v1_ConversationRequest, ConversationRequest__Output as _dapr_proto_runtime_v1_ConversationRequest__Output } from '../../../../dapr/proto/runtime/v1/ConversationRequest.js';
import type { ConversationRequestAlpha2 as _dapr_proto_runtime_v1_ConversationRequestAlpha2, ConversationRequestAlpha2__Output as _dapr_proto_runtime_v1_ConversationRequestAlpha2__Output } from '../../../../dapr/proto/runtime/v1/ConversationRequestAlpha2.js';
import type { ConversationResponse as _dapr_proto_runtime_v1_ConversationResponse, ConversationResponse__Output as _dapr_proto_runtime_v1_ConversationResponse__Output } from '../../../../dapr/proto/runtime/v1/ConversationResponse.js';
import type { ConversationResponseAlpha2 as _dapr_proto_runtime_v1_ConversationResponseAlpha2, ConversationResponseAlpha2__Output as _dapr_proto_runtime_v1_ConversationResponseAlpha2__Output } from '../../../../dapr/proto/runtime/v1/ConversationResponseAlpha2.js';
import type { DecryptRequest as _dapr_proto_runtime_v1_DecryptRequest, DecryptRequest__Output as _dapr_proto_runtime_v1_DecryptRequest__Output } from '../../../../dapr/proto/runtime/v1/DecryptRequest.js';
import type { DecryptResponse as _dapr_proto_runtime_v1_DecryptResponse, DecryptResponse__Output as _dapr_proto_runtime_v1_DecryptResponse__Output } from '../../../../dapr/proto/runtime/v1/DecryptResponse.js';
import type { DeleteBulkStateRequest as _dapr_proto_runtime_v1_DeleteBulkStateRequest, DeleteBulkStateRequest__Output as _dapr_proto_runtime_v1_DeleteBulkStateRequest__Output } from '../../../../dapr/proto/runtime/v1/DeleteBulkStateRequest.js';
import type { DeleteJobRequest as _dapr_proto_runtime_v1_DeleteJobRequest, DeleteJobRequest__Output as _dapr_proto_runtime_v1_DeleteJobRequest__Output } from '../../../../dapr/proto/runtime/v1/DeleteJobRequest.js';
import type { DeleteJobResponse as _dapr_proto_runtime_v1_DeleteJobResponse, DeleteJobResponse__Output as _dapr_proto_runtime_v1_DeleteJobResponse__Output } from '../../../../dapr/proto/runtime/v1/DeleteJobResponse.js';
import type { DeleteJobsByPrefixRequest as _dapr_proto_runtime_v1_DeleteJobsByPrefixRequest, DeleteJobsByPrefixRequest__Output as _dapr_proto_runtime_v1_DeleteJobsByPrefixRequest__Output } from '../../../../dapr/proto/runtime/v1/DeleteJobsByPrefixRequest.js';
import type { DeleteJobsByPrefixRequestAlpha1 as _dapr_proto_runtime_v1_DeleteJobsByPrefixRequestAlpha1, DeleteJobsByPrefixRequestAlpha1__Output as _dapr_proto_runtime_v1_DeleteJobsByPrefixRequestAlpha1__Output } from '../../../../dapr/proto/runtime/v1/DeleteJobsByPrefixRequestAlpha1.js';
import type { DeleteJobsByPrefixResponse as _dapr_proto_runtime_v1_DeleteJobsByPrefixResponse, DeleteJobsByPrefixResponse__Output as _dapr_proto_runtime_v1_DeleteJobsByPrefixResponse__Output } from '../../../../dapr/proto/runtime/v1/DeleteJobsByPrefixResponse.js';
import type { DeleteJobsByPrefixResponseAlpha1 as _dapr_proto_runtime_v1_DeleteJobsByPrefixResponseAlpha1, DeleteJobsByPrefixResponseAlpha1__Output as _dapr_proto_runtime_v1_DeleteJobsByPrefixResponseAlpha1__Output } from '../../../../dapr/proto/runtime/v1/DeleteJobsByPrefixResponseAlpha1.js';
import type { DeleteStateRequest as _dapr_proto_runtime_v1_DeleteStateRequest, DeleteStateRequest__Output as _dapr_proto_runtime_v1_DeleteStateRequest__Output } from '../../../../dapr/proto/runtime/v1/DeleteStateRequest.js';
import type { Empty as _google_protobuf_Empty, Empty__Output as _google_protobuf_Empty__Output } from '../../../../google/protobuf/Empty.js';
import type { EncryptRequest as _dapr_proto_runtime_v1_EncryptRequest, EncryptRequest__Output as _dapr_proto_runtime_v1_EncryptRequest__Output } from '../../../../dapr/proto/runtime/v1/EncryptRequest.js';
import type { EncryptResponse as _dapr_proto_runtime_v1_EncryptResponse, EncryptResponse__Output as _dapr_proto_runtime_v1_EncryptResponse__Output } from '../../../../dapr/proto/runtime/v1/EncryptResponse.js';
import type { ExecuteActorStateTransactionRequest as _dapr_proto_runtime_v1_ExecuteActorStateTransactionRequest, ExecuteActorStateTransactionRequest__Output as _dapr_proto_runtime_v1_ExecuteActorStateTransactionRequest__Output } from '../../../../dapr/proto/runtime/v1/ExecuteActorStateTransactionRequest.js';
import type { ExecuteStateTransactionRequest as _dapr_proto_runtime_v1_ExecuteStateTransactionRequest, ExecuteStateTransactionRequest__Output as _dapr_proto_runtime_v1_ExecuteStateTransactionRequest__Output } from '../../../../dapr/proto/runtime/v1/ExecuteStateTransactionRequest.js';
import type { GetActorReminderRequest as _dapr_proto_runtime_v1_GetActorReminderRequest, GetActorReminderRequest__Output as _dapr_proto_runtime_v1_GetActorReminderRequest__Output } from '../../../../dapr/proto/runtime/v1/GetActorReminderRequest.js';
import type { GetActorReminderResponse as _dapr_proto_runtime_v1_GetActorReminderResponse, GetActorReminderResponse__Output as _dapr_proto_runtime_v1_GetActorReminderResponse__Output } from '../../../../dapr/proto/runtime/v1/GetActorReminderResponse.js';
import type { GetActorStateRequest as _dapr_proto_runtime_v1_GetActorStateRequest, GetActorStateRequest__Output as _dapr_proto_runtime_v1_GetActorStateRequest__Output } from '../../../../dapr/proto/runtime/v1/GetActorStateRequest.js';
import type { GetActorStateResponse as _dapr_proto_runtime_v1_GetActorStateResponse, GetActorStateResponse__Output as _dapr_proto_runtime_v1_GetActorStateResponse__Output } from '../../../../dapr/proto/runtime/v1/GetActorStateResponse.js';
import type { GetBulkSecretRequest as _dapr_proto_runtime_v1_GetBulkSecretRequest, GetBulkSecretRequest__Output as _dapr_proto_runtime_v1_GetBulkSecretRequest__Output } from '../../../../dapr/proto/runtime/v1/GetBulkSecretRequest.js';
import type { GetBulkSecretResponse as _dapr_proto_runtime_v1_GetBulkSecretResponse, GetBulkSecretResponse__Output as _dapr_proto_runtime_v1_GetBulkSecretResponse__Output } from '../../../../dapr/proto/runtime/v1/GetBulkSecretResponse.js';
import type { GetBulkStateRequest as _dapr_proto_runtime_v1_GetBulkStateRequest, GetBulkStateRequest__Output as _dapr_proto_runtime_v1_GetBulkStateRequest__Output } from '../../../../dapr/proto/runtime/v1/GetBulkStateRequest.js';
import type { GetBulkStateResponse as _dapr_proto_runtime_v1_GetBulkStateResponse, GetBulkStateResponse__Output as _dapr_proto_runtime_v1_GetBulkStateResponse__Output } from '../../../../dapr/proto/runtime/v1/GetBulkStateResponse.js';
import type { GetConfigurationRequest as _dapr_proto_runtime_v1_GetConfigurationRequest, GetConfigurationRequest__Output as _dapr_proto_runtime_v1_GetConfigurationRequest__Output } from '../../../../dapr/proto/runtime/v1/GetConfigurationRequest.js';
import type { GetConfigurationResponse as _dapr_proto_runtime_v1_GetConfigurationResponse, GetConfigurationResponse__Output as _dapr_proto_runtime_v1_GetConfigurationResponse__Output } from '../../../../dapr/proto/runtime/v1/GetConfigurationResponse.js';
import type { GetJobRequest as _dapr_proto_runtime_v1_GetJobRequest, GetJobRequest__Output as _dapr_proto_runtime_v1_GetJobRequest__Output } from '../../../../dapr/proto/runtime/v1/GetJobRequest.js';
import type { GetJobResponse as _dapr_proto_runtime_v1_GetJobResponse, GetJobResponse__Output as _dapr_proto_runtime_v1_GetJobResponse__Output } from '../../../../dapr/proto/runtime/v1/GetJobResponse.js';
import type { GetMetadataRequest as _dapr_proto_runtime_v1_GetMetadataRequest, GetMetadataRequest__Output as _dapr_proto_runtime_v1_GetMetadataRequest__Output } from '../../../../dapr/proto/runtime/v1/GetMetadataRequest.js';
import type { GetMetadataResponse as _dapr_proto_runtime_v1_GetMetadataResponse, GetMetadataResponse__Output as _dapr_proto_runtime_v1_GetMetadataResponse__Output } from '../../../../dapr/proto/runtime/v1/GetMetadataResponse.js';
import type { GetSecretRequest as _dapr_proto_runtime_v1_GetSecretRequest, GetSecretRequest__Output as _dapr_proto_runtime_v1_GetSecretRequest__Output } from '../../../../dapr/proto/runtime/v1/GetSecretRequest.js';
import type { GetSecretResponse as _dapr_proto_runtime_v1_GetSecretResponse, GetSecretResponse__Output as _dapr_proto_runtime_v1_GetSecretResponse__Output } from '../../../../dapr/proto/runtime/v1/GetSecretResponse.js';
import type { GetStateRequest as _dapr_proto_runtime_v1_GetStateRequest, GetStateRequest__Output as _dapr_proto_runtime_v1_GetStateRequest__Output } from '../../../../dapr/proto/runtime/v1/GetStateRequest.js';
import type { GetStateResponse as _dapr_proto_runtime_v1_GetStateResponse, GetStateResponse__Output as _dapr_proto_runtime_v1_GetStateResponse__Output } from '../../../../dapr/proto/runtime/v1/GetStateResponse.js';
import type { GetWorkflowRequest as _dapr_proto_runtime_v1_GetWorkflowRequest, GetWorkflowRequest__Output as _dapr_proto_runtime_v1_GetWorkflowRequest__Output } from '../../../../dapr/proto/runtime/v1/GetWorkflowRequest.js';
import type { GetWorkflowResponse as _dapr_proto_runtime_v1_GetWorkflowResponse, GetWorkflowResponse__Output as _dapr_proto_runtime_v1_GetWorkflowResponse__Output } from '../../../../dapr/proto/runtime/v1/GetWorkflowResponse.js';
import type { InvokeActorRequest as _dapr_proto_runtime_v1_InvokeActorRequest, InvokeActorRequest__Output as _dapr_proto_runtime_v1_InvokeActorRequest__Output } from '../../../../dapr/proto/runtime/v1/InvokeActorRequest.js';
import type { InvokeActorResponse as _dapr_proto_runtime_v1_InvokeActorResponse, InvokeActorResponse__Output as _dapr_proto_runtime_v1_InvokeActorResponse__Output } from '../../../../dapr/proto/runtime/v1/InvokeActorResponse.js';
import type { InvokeBindingRequest as _dapr_proto_runtime_v1_InvokeBindingRequest, InvokeBindingRequest__Output as _dapr_proto_runtime_v1_InvokeBindingRequest__Output } from '../../../../dapr/proto/runtime/v1/InvokeBindingRequest.js';
import type { InvokeBindingResponse as _dapr_proto_runtime_v1_InvokeBindingResponse, InvokeBindingResponse__Output as _dapr_proto_runtime_v1_InvokeBindingResponse__Output } from '../../../../dapr/proto/runtime/v1/InvokeBindingResponse.js';
import type { InvokeResponse as _dapr_proto_common_v1_InvokeResponse, InvokeResponse__Output as _dapr_proto_common_v1_InvokeResponse__Output } from '../../../../dapr/proto/common/v1/InvokeResponse.js';
import type { InvokeServiceRequest as _dapr_proto_runtime_v1_InvokeServiceRequest, InvokeServiceRequest__Output as _dapr_proto_runtime_v1_InvokeServiceRequest__Output } from '../../../../dapr/proto/runtime/v1/InvokeServiceRequest.js';
import type { ListActorRemindersRequest as _dapr_proto_runtime_v1_ListActorRemindersRequest, ListActorRemindersRequest__Output as _dapr_proto_runtime_v1_ListActorRemindersRequest__Output } from '../../../../dapr/proto/runtime/v1/ListActorRemindersRequest.js';
import type { ListActorRemindersResponse as _dapr_proto_runtime_v1_ListActorRemindersResponse, ListActorRemindersResponse__Output as _dapr_proto_runtime_v1_ListActorRemindersResponse__Output } from '../../../../dapr/proto/runtime/v1/ListActorRemindersResponse.js';
import type { ListJobsRequest as _dapr_proto_runtime_v1_ListJobsRequest, ListJobsRequest__Output as _dapr_proto_runtime_v1_ListJobsRequest__Output } from '../../../../dapr/proto/runtime/v1/ListJobsRequest.js';
import type { ListJobsRequestAlpha1 as _dapr_proto_runtime_v1_ListJobsRequestAlpha1, ListJobsRequestAlpha1__Output as _dapr_proto_runtime_v1_ListJobsRequestAlpha1__Output } from '../../../../dapr/proto/runtime/v1/ListJobsRequestAlpha1.js';
import type { ListJobsResponse as _dapr_proto_runtime_v1_ListJobsResponse, ListJobsResponse__Output as _dapr_proto_runtime_v1_ListJobsResponse__Output } from '../../../../dapr/proto/runtime/v1/ListJobsResponse.js';
import type { ListJobsResponseAlpha1 as _dapr_proto_runtime_v1_ListJobsResponseAlpha1, ListJobsResponseAlpha1__Output as _dapr_proto_runtime_v1_ListJobsResponseAlpha1__Output } from '../../../../dapr/proto/runtime/v1/ListJobsResponseAlpha1.js';
import type { PauseWorkflowRequest as _dapr_proto_runtime_v1_PauseWorkflowRequest, PauseWorkflowRequest__Output as _dapr_proto_runtime_v1_PauseWorkflowRequest__Output } from '../../../../dapr/proto/runtime/v1/PauseWorkflowRequest.js';
import type { PublishEventRequest as _dapr_proto_runtime_v1_PublishEventRequest, PublishEventRequest__Output as _dapr_proto_runtime_v1_PublishEventRequest__Output } from '../../../../dapr/proto/runtime/v1/PublishEventRequest.js';
import type { PurgeWorkflowRequest as _dapr_proto_runtime_v1_PurgeWorkflowRequest, PurgeWorkflowRequest__Output as _dapr_proto_runtime_v1_PurgeWorkflowRequest__Output } from '../../../../dapr/proto/runtime/v1/PurgeWorkflowRequest.js';
import type { QueryStateRequest as _dapr_proto_runtime_v1_QueryStateRequest, QueryStateRequest__Output as _dapr_proto_runtime_v1_QueryStateRequest__Output } from '../../../../dapr/proto/runtime/v1/QueryStateRequest.js';
import type { QueryStateResponse as _dapr_proto_runtime_v1_QueryStateResponse, QueryStateResponse__Output as _dapr_proto_runtime_v1_QueryStateResponse__Output } from '../../../../dapr/proto/runtime/v1/QueryStateResponse.js';
import type { RaiseEventWorkflowRequest as _dapr_proto_runtime_v1_RaiseEventWorkflowRequest, RaiseEventWorkflowRequest__Output as _dapr_proto_runtime_v1_RaiseEventWorkflowRequest__Output } from '../../../../dapr/proto/runtime/v1/RaiseEventWorkflowRequest.js';
import type { RegisterActorReminderRequest as _dapr_proto_runtime_v1_RegisterActorReminderRequest, RegisterActorReminderRequest__Output as _dapr_proto_runtime_v1_RegisterActorReminderRequest__Output } from '../../../../dapr/proto/runtime/v1/RegisterActorReminderRequest.js';
import type { RegisterActorTimerRequest as _dapr_proto_runtime_v1_RegisterActorTimerRequest, RegisterActorTimerRequest__Output as _dapr_proto_runtime_v1_RegisterActorTimerRequest__Output } from '../../../../dapr/proto/runtime/v1/RegisterActorTimerRequest.js';
import type { ResumeWorkflowRequest as _dapr_proto_runtime_v1_ResumeWorkflowRequest, ResumeWorkflowRequest__Output as _dapr_proto_runtime_v1_ResumeWorkflowRequest__Output } from '../../../../dapr/proto/runtime/v1/ResumeWorkflowRequest.js';
import type { SaveStateRequest as _dapr_proto_runtime_v1_SaveStateRequest, SaveStateRequest__Output as _dapr_proto_runtime_v1_SaveStateRequest__Output } from '../../../../dapr/proto/runtime/v1/SaveStateRequest.js';
import type { ScheduleJobRequest as _dapr_proto_runtime_v1_ScheduleJobRequest, ScheduleJobRequest__Output as _dapr_proto_runtime_v1_ScheduleJobRequest__Output } from '../../../../dapr/proto/runtime/v1/ScheduleJobRequest.js';
import type { ScheduleJobResponse as _dapr_proto_runtime_v1_ScheduleJobResponse, ScheduleJobResponse__Output as _dapr_proto_runtime_v1_ScheduleJobResponse__Output } from '../../../../dapr/proto/runtime/v1/ScheduleJobResponse.js';
import type { SetMetadataRequest as _dapr_proto_runtime_v1_SetMetadataRequest, SetMetadataRequest__Output as _dapr_proto_runtime_v1_SetMetadataRequest__Output } from '../../../../dapr/proto/runtime/v1/SetMetadataRequest.js';
import type { ShutdownRequest as _dapr_proto_runtime_v1_ShutdownRequest, ShutdownRequest__Output as _dapr_proto_runtime_v1_ShutdownRequest__Output } from '../../../../dapr/proto/runtime/v1/ShutdownRequest.js';
import type { StartWorkflowRequest as _dapr_proto_runtime_v1_StartWorkflowRequest, StartWorkflowRequest__Output as _dapr_proto_runtime_v1_StartWorkflowRequest__Output } from '../../../../dapr/proto/runtime/v1/StartWorkflowRequest.js';
import type { StartWorkflowResponse as _dapr_proto_runtime_v1_StartWorkflowResponse, StartWorkflowResponse__Output as _dapr_proto_runtime_v1_StartWorkflowResponse__Output } from '../../../../dapr/proto/runtime/v1/StartWorkflowResponse.js';
import type { SubscribeActorEventsRequestAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsRequestAlpha1, SubscribeActorEventsRequestAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsRequestAlpha1__Output } from '../../../../dapr/proto/runtime/v1/SubscribeActorEventsRequestAlpha1.js';
import type { SubscribeActorEventsResponseAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsResponseAlpha1, SubscribeActorEventsResponseAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsResponseAlpha1__Output } from '../../../../dapr/proto/runtime/v1/SubscribeActorEventsResponseAlpha1.js';
import type { SubscribeConfigurationRequest as _dapr_proto_runtime_v1_SubscribeConfigurationRequest, SubscribeConfigurationRequest__Output as _dapr_proto_runtime_v1_SubscribeConfigurationRequest__Output } from '../../../../dapr/proto/runtime/v1/SubscribeConfigurationRequest.js';
import type { SubscribeConfigurationResponse as _dapr_proto_runtime_v1_SubscribeConfigurationResponse, SubscribeConfigurationResponse__Output as _dapr_proto_runtime_v1_SubscribeConfigurationResponse__Output } from '../../../../dapr/proto/runtime/v1/SubscribeConfigurationResponse.js';
import type { SubscribeTopicEventsRequestAlpha1 as _dapr_proto_runtime_v1_SubscribeTopicEventsRequestAlpha1, SubscribeTopicEventsRequestAlpha1__Output as _dapr_proto_runtime_v1_SubscribeTopicEventsRequestAlpha1__Output } from '../../../../dapr/proto/runtime/v1/SubscribeTopicEventsRequestAlpha1.js';
import type { SubscribeTopicEventsResponseAlpha1 as _dapr_proto_runtime_v1_SubscribeTopicEventsResponseAlpha1, SubscribeTopicEventsResponseAlpha1__Output as _dapr_proto_runtime_v1_SubscribeTopicEventsResponseAlpha1__Output } from '../../../../dapr/proto/runtime/v1/SubscribeTopicEventsResponseAlpha1.js';
import type { SubtleDecryptRequest as _dapr_proto_runtime_v1_SubtleDecryptRequest, SubtleDecryptRequest__Output as _dapr_proto_runtime_v1_SubtleDecryptRequest__Output } from '../../../../dapr/proto/runtime/v1/SubtleDecryptRequest.js';
import type { SubtleDecryptResponse as _dapr_proto_runtime_v1_SubtleDecryptResponse, SubtleDecryptResponse__Output as _dapr_proto_runtime_v1_SubtleDecryptResponse__Output } from '../../../../dapr/proto/runtime/v1/SubtleDecryptResponse.js';
import type { SubtleEncryptRequest as _dapr_proto_runtime_v1_SubtleEncryptRequest, SubtleEncryptRequest__Output as _dapr_proto_runtime_v1_SubtleEncryptRequest__Output } from '../../../../dapr/proto/runtime/v1/SubtleEncryptRequest.js';
import type { SubtleEncryptResponse as _dapr_proto_runtime_v1_SubtleEncryptResponse, SubtleEncryptResponse__Output as _dapr_proto_runtime_v1_SubtleEncryptResponse__Output } from '../../../../dapr/proto/runtime/v1/SubtleEncryptResponse.js';
import type { SubtleGetKeyRequest as _dapr_proto_runtime_v1_SubtleGetKeyRequest, SubtleGetKeyRequest__Output as _dapr_proto_runtime_v1_SubtleGetKeyRequest__Output } from '../../../../dapr/proto/runtime/v1/SubtleGetKeyRequest.js';
import type { SubtleGetKeyResponse as _dapr_proto_runtime_v1_SubtleGetKeyResponse, SubtleGetKeyResponse__Output as _dapr_proto_runtime_v1_SubtleGetKeyResponse__Output } from '../../../../dapr/proto/runtime/v1/SubtleGetKeyResponse.js';
import type { SubtleSignRequest as _dapr_proto_runtime_v1_SubtleSignRequest, SubtleSignRequest__Output as _dapr_proto_runtime_v1_SubtleSignRequest__Output } from '../../../../dapr/proto/runtime/v1/SubtleSignRequest.js';
import type { SubtleSignResponse as _dapr_proto_runtime_v1_SubtleSignResponse, SubtleSignResponse__Output as _dapr_proto_runtime_v1_SubtleSignResponse__Output } from '../../../../dapr/proto/runtime/v1/SubtleSignResponse.js';
import type { SubtleUnwrapKeyRequest as _dapr_proto_runtime_v1_SubtleUnwrapKeyRequest, SubtleUnwrapKeyRequest__Output as _dapr_proto_runtime_v1_SubtleUnwrapKeyRequest__Output } from '../../../../dapr/proto/runtime/v1/SubtleUnwrapKeyRequest.js';
import type { SubtleUnwrapKeyResponse as _dapr_proto_runtime_v1_SubtleUnwrapKeyResponse, SubtleUnwrapKeyResponse__Output as _dapr_proto_runtime_v1_SubtleUnwrapKeyResponse__Output } from '../../../../dapr/proto/runtime/v1/SubtleUnwrapKeyResponse.js';
import type { SubtleVerifyRequest as _dapr_proto_runtime_v1_SubtleVerifyRequest, SubtleVerifyRequest__Output as _dapr_proto_runtime_v1_SubtleVerifyRequest__Output } from '../../../../dapr/proto/runtime/v1/SubtleVerifyRequest.js';
import type { SubtleVerifyResponse as _dapr_proto_runtime_v1_SubtleVerifyResponse, SubtleVerifyResponse__Output as _dapr_proto_runtime_v1_SubtleVerifyResponse__Output } from '../../../../dapr/proto/runtime/v1/SubtleVerifyResponse.js';
import type { SubtleWrapKeyRequest as _dapr_proto_runtime_v1_SubtleWrapKeyRequest, SubtleWrapKeyRequest__Output as _dapr_proto_runtime_v1_SubtleWrapKeyRequest__Output } from '../../../../dapr/proto/runtime/v1/SubtleWrapKeyRequest.js';
import type { SubtleWrapKeyResponse as _dapr_proto_runtime_v1_SubtleWrapKeyResponse, SubtleWrapKeyResponse__Output as _dapr_proto_runtime_v1_SubtleWrapKeyResponse__Output } from '../../../../dapr/proto/runtime/v1/SubtleWrapKeyResponse.js';
import type { TerminateWorkflowRequest as _dapr_proto_runtime_v1_TerminateWorkflowRequest, TerminateWorkflowRequest__Output as _dapr_proto_runtime_v1_TerminateWorkflowRequest__Output } from '../../../../dapr/proto/runtime/v1/TerminateWorkflowRequest.js';
import type { TryLockRequest as _dapr_proto_runtime_v1_TryLockRequest, TryLockRequest__Output as _dapr_proto_runtime_v1_TryLockRequest__Output } from '../../../../dapr/proto/runtime/v1/TryLockRequest.js';
import type { TryLockResponse as _dapr_proto_runtime_v1_TryLockResponse, TryLockResponse__Output as _dapr_proto_runtime_v1_TryLockResponse__Output } from '../../../../dapr/proto/runtime/v1/TryLockResponse.js';
import type { UnlockRequest as _dapr_proto_runtime_v1_UnlockRequest, UnlockRequest__Output as _dapr_proto_runtime_v1_UnlockRequest__Output } from '../../../../dapr/proto/runtime/v1/UnlockRequest.js';
import type { UnlockResponse as _dapr_proto_runtime_v1_UnlockResponse, UnlockResponse__Output as _dapr_proto_runtime_v1_UnlockResponse__Output } from '../../../../dapr/proto/runtime/v1/UnlockResponse.js';
import type { UnregisterActorReminderRequest as _dapr_proto_runtime_v1_UnregisterActorReminderRequest, UnregisterActorReminderRequest__Output as _dapr_proto_runtime_v1_UnregisterActorReminderRequest__Output } from '../../../../dapr/proto/runtime/v1/UnregisterActorReminderRequest.js';
import type { UnregisterActorRemindersByTypeRequest as _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeRequest, UnregisterActorRemindersByTypeRequest__Output as _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeRequest__Output } from '../../../../dapr/proto/runtime/v1/UnregisterActorRemindersByTypeRequest.js';
import type { UnregisterActorRemindersByTypeResponse as _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeResponse, UnregisterActorRemindersByTypeResponse__Output as _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeResponse__Output } from '../../../../dapr/proto/runtime/v1/UnregisterActorRemindersByTypeResponse.js';
import type { UnregisterActorTimerRequest as _dapr_proto_runtime_v1_UnregisterActorTimerRequest, UnregisterActorTimerRequest__Output as _dapr_proto_runtime_v1_UnregisterActorTimerRequest__Output } from '../../../../dapr/proto/runtime/v1/UnregisterActorTimerRequest.js';
import type { UnsubscribeConfigurationRequest as _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, UnsubscribeConfigurationRequest__Output as _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest__Output } from '../../../../dapr/proto/runtime/v1/UnsubscribeConfigurationRequest.js';
import type { UnsubscribeConfigurationResponse as _dapr_proto_runtime_v1_UnsubscribeConfigurationResponse, UnsubscribeConfigurationResponse__Output as _dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output } from '../../../../dapr/proto/runtime/v1/UnsubscribeConfigurationResponse.js';

export interface DaprClient extends grpc.Client {
  BulkPublishEvent(argument: _dapr_proto_runtime_v1_BulkPublishRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BulkPublishResponse__Output>): grpc.ClientUnaryCall;
  BulkPublishEvent(argument: _dapr_proto_runtime_v1_BulkPublishRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BulkPublishResponse__Output>): grpc.ClientUnaryCall;
  BulkPublishEvent(argument: _dapr_proto_runtime_v1_BulkPublishRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BulkPublishResponse__Output>): grpc.ClientUnaryCall;
  BulkPublishEvent(argument: _dapr_proto_runtime_v1_BulkPublishRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BulkPublishResponse__Output>): grpc.ClientUnaryCall;
  bulkPublishEvent(argument: _dapr_proto_runtime_v1_BulkPublishRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BulkPublishResponse__Output>): grpc.ClientUnaryCall;
  bulkPublishEvent(argument: _dapr_proto_runtime_v1_BulkPublishRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BulkPublishResponse__Output>): grpc.ClientUnaryCall;
  bulkPublishEvent(argument: _dapr_proto_runtime_v1_BulkPublishRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BulkPublishResponse__Output>): grpc.ClientUnaryCall;
  bulkPublishEvent(argument: _dapr_proto_runtime_v1_BulkPublishRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BulkPublishResponse__Output>): grpc.ClientUnaryCall;
  
  BulkPublishEventAlpha1(argument: _dapr_proto_runtime_v1_BulkPublishRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BulkPublishResponse__Output>): grpc.ClientUnaryCall;
  BulkPublishEventAlpha1(argument: _dapr_proto_runtime_v1_BulkPublishRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BulkPublishResponse__Output>): grpc.ClientUnaryCall;
  BulkPublishEventAlpha1(argument: _dapr_proto_runtime_v1_BulkPublishRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BulkPublishResponse__Output>): grpc.ClientUnaryCall;
  BulkPublishEventAlpha1(argument: _dapr_proto_runtime_v1_BulkPublishRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BulkPublishResponse__Output>): grpc.ClientUnaryCall;
  bulkPublishEventAlpha1(argument: _dapr_proto_runtime_v1_BulkPublishRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BulkPublishResponse__Output>): grpc.ClientUnaryCall;
  bulkPublishEventAlpha1(argument: _dapr_proto_runtime_v1_BulkPublishRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BulkPublishResponse__Output>): grpc.ClientUnaryCall;
  bulkPublishEventAlpha1(argument: _dapr_proto_runtime_v1_BulkPublishRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BulkPublishResponse__Output>): grpc.ClientUnaryCall;
  bulkPublishEventAlpha1(argument: _dapr_proto_runtime_v1_BulkPublishRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_BulkPublishResponse__Output>): grpc.ClientUnaryCall;
  
  ConverseAlpha1(argument: _dapr_proto_runtime_v1_ConversationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ConversationResponse__Output>): grpc.ClientUnaryCall;
  ConverseAlpha1(argument: _dapr_proto_runtime_v1_ConversationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ConversationResponse__Output>): grpc.ClientUnaryCall;
  ConverseAlpha1(argument: _dapr_proto_runtime_v1_ConversationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ConversationResponse__Output>): grpc.ClientUnaryCall;
  ConverseAlpha1(argument: _dapr_proto_runtime_v1_ConversationRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ConversationResponse__Output>): grpc.ClientUnaryCall;
  converseAlpha1(argument: _dapr_proto_runtime_v1_ConversationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ConversationResponse__Output>): grpc.ClientUnaryCall;
  converseAlpha1(argument: _dapr_proto_runtime_v1_ConversationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ConversationResponse__Output>): grpc.ClientUnaryCall;
  converseAlpha1(argument: _dapr_proto_runtime_v1_ConversationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ConversationResponse__Output>): grpc.ClientUnaryCall;
  converseAlpha1(argument: _dapr_proto_runtime_v1_ConversationRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ConversationResponse__Output>): grpc.ClientUnaryCall;
  
  ConverseAlpha2(argument: _dapr_proto_runtime_v1_ConversationRequestAlpha2, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ConversationResponseAlpha2__Output>): grpc.ClientUnaryCall;
  ConverseAlpha2(argument: _dapr_proto_runtime_v1_ConversationRequestAlpha2, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ConversationResponseAlpha2__Output>): grpc.ClientUnaryCall;
  ConverseAlpha2(argument: _dapr_proto_runtime_v1_ConversationRequestAlpha2, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ConversationResponseAlpha2__Output>): grpc.ClientUnaryCall;
  ConverseAlpha2(argument: _dapr_proto_runtime_v1_ConversationRequestAlpha2, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ConversationResponseAlpha2__Output>): grpc.ClientUnaryCall;
  converseAlpha2(argument: _dapr_proto_runtime_v1_ConversationRequestAlpha2, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ConversationResponseAlpha2__Output>): grpc.ClientUnaryCall;
  converseAlpha2(argument: _dapr_proto_runtime_v1_ConversationRequestAlpha2, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ConversationResponseAlpha2__Output>): grpc.ClientUnaryCall;
  converseAlpha2(argument: _dapr_proto_runtime_v1_ConversationRequestAlpha2, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ConversationResponseAlpha2__Output>): grpc.ClientUnaryCall;
  converseAlpha2(argument: _dapr_proto_runtime_v1_ConversationRequestAlpha2, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ConversationResponseAlpha2__Output>): grpc.ClientUnaryCall;
  
  DecryptAlpha1(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_dapr_proto_runtime_v1_DecryptRequest, _dapr_proto_runtime_v1_DecryptResponse__Output>;
  DecryptAlpha1(options?: grpc.CallOptions): grpc.ClientDuplexStream<_dapr_proto_runtime_v1_DecryptRequest, _dapr_proto_runtime_v1_DecryptResponse__Output>;
  decryptAlpha1(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_dapr_proto_runtime_v1_DecryptRequest, _dapr_proto_runtime_v1_DecryptResponse__Output>;
  decryptAlpha1(options?: grpc.CallOptions): grpc.ClientDuplexStream<_dapr_proto_runtime_v1_DecryptRequest, _dapr_proto_runtime_v1_DecryptResponse__Output>;
  
  DeleteBulkState(argument: _dapr_proto_runtime_v1_DeleteBulkStateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  DeleteBulkState(argument: _dapr_proto_runtime_v1_DeleteBulkStateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  DeleteBulkState(argument: _dapr_proto_runtime_v1_DeleteBulkStateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  DeleteBulkState(argument: _dapr_proto_runtime_v1_DeleteBulkStateRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  deleteBulkState(argument: _dapr_proto_runtime_v1_DeleteBulkStateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  deleteBulkState(argument: _dapr_proto_runtime_v1_DeleteBulkStateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  deleteBulkState(argument: _dapr_proto_runtime_v1_DeleteBulkStateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  deleteBulkState(argument: _dapr_proto_runtime_v1_DeleteBulkStateRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  DeleteJob(argument: _dapr_proto_runtime_v1_DeleteJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobResponse__Output>): grpc.ClientUnaryCall;
  DeleteJob(argument: _dapr_proto_runtime_v1_DeleteJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobResponse__Output>): grpc.ClientUnaryCall;
  DeleteJob(argument: _dapr_proto_runtime_v1_DeleteJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobResponse__Output>): grpc.ClientUnaryCall;
  DeleteJob(argument: _dapr_proto_runtime_v1_DeleteJobRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobResponse__Output>): grpc.ClientUnaryCall;
  deleteJob(argument: _dapr_proto_runtime_v1_DeleteJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobResponse__Output>): grpc.ClientUnaryCall;
  deleteJob(argument: _dapr_proto_runtime_v1_DeleteJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobResponse__Output>): grpc.ClientUnaryCall;
  deleteJob(argument: _dapr_proto_runtime_v1_DeleteJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobResponse__Output>): grpc.ClientUnaryCall;
  deleteJob(argument: _dapr_proto_runtime_v1_DeleteJobRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteJobAlpha1(argument: _dapr_proto_runtime_v1_DeleteJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobResponse__Output>): grpc.ClientUnaryCall;
  DeleteJobAlpha1(argument: _dapr_proto_runtime_v1_DeleteJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobResponse__Output>): grpc.ClientUnaryCall;
  DeleteJobAlpha1(argument: _dapr_proto_runtime_v1_DeleteJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobResponse__Output>): grpc.ClientUnaryCall;
  DeleteJobAlpha1(argument: _dapr_proto_runtime_v1_DeleteJobRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobResponse__Output>): grpc.ClientUnaryCall;
  deleteJobAlpha1(argument: _dapr_proto_runtime_v1_DeleteJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobResponse__Output>): grpc.ClientUnaryCall;
  deleteJobAlpha1(argument: _dapr_proto_runtime_v1_DeleteJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobResponse__Output>): grpc.ClientUnaryCall;
  deleteJobAlpha1(argument: _dapr_proto_runtime_v1_DeleteJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobResponse__Output>): grpc.ClientUnaryCall;
  deleteJobAlpha1(argument: _dapr_proto_runtime_v1_DeleteJobRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteJobsByPrefix(argument: _dapr_proto_runtime_v1_DeleteJobsByPrefixRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobsByPrefixResponse__Output>): grpc.ClientUnaryCall;
  DeleteJobsByPrefix(argument: _dapr_proto_runtime_v1_DeleteJobsByPrefixRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobsByPrefixResponse__Output>): grpc.ClientUnaryCall;
  DeleteJobsByPrefix(argument: _dapr_proto_runtime_v1_DeleteJobsByPrefixRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobsByPrefixResponse__Output>): grpc.ClientUnaryCall;
  DeleteJobsByPrefix(argument: _dapr_proto_runtime_v1_DeleteJobsByPrefixRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobsByPrefixResponse__Output>): grpc.ClientUnaryCall;
  deleteJobsByPrefix(argument: _dapr_proto_runtime_v1_DeleteJobsByPrefixRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobsByPrefixResponse__Output>): grpc.ClientUnaryCall;
  deleteJobsByPrefix(argument: _dapr_proto_runtime_v1_DeleteJobsByPrefixRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobsByPrefixResponse__Output>): grpc.ClientUnaryCall;
  deleteJobsByPrefix(argument: _dapr_proto_runtime_v1_DeleteJobsByPrefixRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobsByPrefixResponse__Output>): grpc.ClientUnaryCall;
  deleteJobsByPrefix(argument: _dapr_proto_runtime_v1_DeleteJobsByPrefixRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobsByPrefixResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteJobsByPrefixAlpha1(argument: _dapr_proto_runtime_v1_DeleteJobsByPrefixRequestAlpha1, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobsByPrefixResponseAlpha1__Output>): grpc.ClientUnaryCall;
  DeleteJobsByPrefixAlpha1(argument: _dapr_proto_runtime_v1_DeleteJobsByPrefixRequestAlpha1, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobsByPrefixResponseAlpha1__Output>): grpc.ClientUnaryCall;
  DeleteJobsByPrefixAlpha1(argument: _dapr_proto_runtime_v1_DeleteJobsByPrefixRequestAlpha1, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobsByPrefixResponseAlpha1__Output>): grpc.ClientUnaryCall;
  DeleteJobsByPrefixAlpha1(argument: _dapr_proto_runtime_v1_DeleteJobsByPrefixRequestAlpha1, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobsByPrefixResponseAlpha1__Output>): grpc.ClientUnaryCall;
  deleteJobsByPrefixAlpha1(argument: _dapr_proto_runtime_v1_DeleteJobsByPrefixRequestAlpha1, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobsByPrefixResponseAlpha1__Output>): grpc.ClientUnaryCall;
  deleteJobsByPrefixAlpha1(argument: _dapr_proto_runtime_v1_DeleteJobsByPrefixRequestAlpha1, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobsByPrefixResponseAlpha1__Output>): grpc.ClientUnaryCall;
  deleteJobsByPrefixAlpha1(argument: _dapr_proto_runtime_v1_DeleteJobsByPrefixRequestAlpha1, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobsByPrefixResponseAlpha1__Output>): grpc.ClientUnaryCall;
  deleteJobsByPrefixAlpha1(argument: _dapr_proto_runtime_v1_DeleteJobsByPrefixRequestAlpha1, callback: grpc.requestCallback<_dapr_proto_runtime_v1_DeleteJobsByPrefixResponseAlpha1__Output>): grpc.ClientUnaryCall;
  
  DeleteState(argument: _dapr_proto_runtime_v1_DeleteStateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  DeleteState(argument: _dapr_proto_runtime_v1_DeleteStateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  DeleteState(argument: _dapr_proto_runtime_v1_DeleteStateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  DeleteState(argument: _dapr_proto_runtime_v1_DeleteStateRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  deleteState(argument: _dapr_proto_runtime_v1_DeleteStateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  deleteState(argument: _dapr_proto_runtime_v1_DeleteStateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  deleteState(argument: _dapr_proto_runtime_v1_DeleteStateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  deleteState(argument: _dapr_proto_runtime_v1_DeleteStateRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  EncryptAlpha1(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_dapr_proto_runtime_v1_EncryptRequest, _dapr_proto_runtime_v1_EncryptResponse__Output>;
  EncryptAlpha1(options?: grpc.CallOptions): grpc.ClientDuplexStream<_dapr_proto_runtime_v1_EncryptRequest, _dapr_proto_runtime_v1_EncryptResponse__Output>;
  encryptAlpha1(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_dapr_proto_runtime_v1_EncryptRequest, _dapr_proto_runtime_v1_EncryptResponse__Output>;
  encryptAlpha1(options?: grpc.CallOptions): grpc.ClientDuplexStream<_dapr_proto_runtime_v1_EncryptRequest, _dapr_proto_runtime_v1_EncryptResponse__Output>;
  
  ExecuteActorStateTransaction(argument: _dapr_proto_runtime_v1_ExecuteActorStateTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  ExecuteActorStateTransaction(argument: _dapr_proto_runtime_v1_ExecuteActorStateTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  ExecuteActorStateTransaction(argument: _dapr_proto_runtime_v1_ExecuteActorStateTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  ExecuteActorStateTransaction(argument: _dapr_proto_runtime_v1_ExecuteActorStateTransactionRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  executeActorStateTransaction(argument: _dapr_proto_runtime_v1_ExecuteActorStateTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  executeActorStateTransaction(argument: _dapr_proto_runtime_v1_ExecuteActorStateTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  executeActorStateTransaction(argument: _dapr_proto_runtime_v1_ExecuteActorStateTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  executeActorStateTransaction(argument: _dapr_proto_runtime_v1_ExecuteActorStateTransactionRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  ExecuteStateTransaction(argument: _dapr_proto_runtime_v1_ExecuteStateTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  ExecuteStateTransaction(argument: _dapr_proto_runtime_v1_ExecuteStateTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  ExecuteStateTransaction(argument: _dapr_proto_runtime_v1_ExecuteStateTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  ExecuteStateTransaction(argument: _dapr_proto_runtime_v1_ExecuteStateTransactionRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  executeStateTransaction(argument: _dapr_proto_runtime_v1_ExecuteStateTransactionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  executeStateTransaction(argument: _dapr_proto_runtime_v1_ExecuteStateTransactionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  executeStateTransaction(argument: _dapr_proto_runtime_v1_ExecuteStateTransactionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  executeStateTransaction(argument: _dapr_proto_runtime_v1_ExecuteStateTransactionRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  GetActorReminder(argument: _dapr_proto_runtime_v1_GetActorReminderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetActorReminderResponse__Output>): grpc.ClientUnaryCall;
  GetActorReminder(argument: _dapr_proto_runtime_v1_GetActorReminderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetActorReminderResponse__Output>): grpc.ClientUnaryCall;
  GetActorReminder(argument: _dapr_proto_runtime_v1_GetActorReminderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetActorReminderResponse__Output>): grpc.ClientUnaryCall;
  GetActorReminder(argument: _dapr_proto_runtime_v1_GetActorReminderRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetActorReminderResponse__Output>): grpc.ClientUnaryCall;
  getActorReminder(argument: _dapr_proto_runtime_v1_GetActorReminderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetActorReminderResponse__Output>): grpc.ClientUnaryCall;
  getActorReminder(argument: _dapr_proto_runtime_v1_GetActorReminderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetActorReminderResponse__Output>): grpc.ClientUnaryCall;
  getActorReminder(argument: _dapr_proto_runtime_v1_GetActorReminderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetActorReminderResponse__Output>): grpc.ClientUnaryCall;
  getActorReminder(argument: _dapr_proto_runtime_v1_GetActorReminderRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetActorReminderResponse__Output>): grpc.ClientUnaryCall;
  
  GetActorState(argument: _dapr_proto_runtime_v1_GetActorStateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetActorStateResponse__Output>): grpc.ClientUnaryCall;
  GetActorState(argument: _dapr_proto_runtime_v1_GetActorStateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetActorStateResponse__Output>): grpc.ClientUnaryCall;
  GetActorState(argument: _dapr_proto_runtime_v1_GetActorStateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetActorStateResponse__Output>): grpc.ClientUnaryCall;
  GetActorState(argument: _dapr_proto_runtime_v1_GetActorStateRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetActorStateResponse__Output>): grpc.ClientUnaryCall;
  getActorState(argument: _dapr_proto_runtime_v1_GetActorStateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetActorStateResponse__Output>): grpc.ClientUnaryCall;
  getActorState(argument: _dapr_proto_runtime_v1_GetActorStateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetActorStateResponse__Output>): grpc.ClientUnaryCall;
  getActorState(argument: _dapr_proto_runtime_v1_GetActorStateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetActorStateResponse__Output>): grpc.ClientUnaryCall;
  getActorState(argument: _dapr_proto_runtime_v1_GetActorStateRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetActorStateResponse__Output>): grpc.ClientUnaryCall;
  
  GetBulkSecret(argument: _dapr_proto_runtime_v1_GetBulkSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetBulkSecretResponse__Output>): grpc.ClientUnaryCall;
  GetBulkSecret(argument: _dapr_proto_runtime_v1_GetBulkSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetBulkSecretResponse__Output>): grpc.ClientUnaryCall;
  GetBulkSecret(argument: _dapr_proto_runtime_v1_GetBulkSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetBulkSecretResponse__Output>): grpc.ClientUnaryCall;
  GetBulkSecret(argument: _dapr_proto_runtime_v1_GetBulkSecretRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetBulkSecretResponse__Output>): grpc.ClientUnaryCall;
  getBulkSecret(argument: _dapr_proto_runtime_v1_GetBulkSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetBulkSecretResponse__Output>): grpc.ClientUnaryCall;
  getBulkSecret(argument: _dapr_proto_runtime_v1_GetBulkSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetBulkSecretResponse__Output>): grpc.ClientUnaryCall;
  getBulkSecret(argument: _dapr_proto_runtime_v1_GetBulkSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetBulkSecretResponse__Output>): grpc.ClientUnaryCall;
  getBulkSecret(argument: _dapr_proto_runtime_v1_GetBulkSecretRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetBulkSecretResponse__Output>): grpc.ClientUnaryCall;
  
  GetBulkState(argument: _dapr_proto_runtime_v1_GetBulkStateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetBulkStateResponse__Output>): grpc.ClientUnaryCall;
  GetBulkState(argument: _dapr_proto_runtime_v1_GetBulkStateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetBulkStateResponse__Output>): grpc.ClientUnaryCall;
  GetBulkState(argument: _dapr_proto_runtime_v1_GetBulkStateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetBulkStateResponse__Output>): grpc.ClientUnaryCall;
  GetBulkState(argument: _dapr_proto_runtime_v1_GetBulkStateRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetBulkStateResponse__Output>): grpc.ClientUnaryCall;
  getBulkState(argument: _dapr_proto_runtime_v1_GetBulkStateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetBulkStateResponse__Output>): grpc.ClientUnaryCall;
  getBulkState(argument: _dapr_proto_runtime_v1_GetBulkStateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetBulkStateResponse__Output>): grpc.ClientUnaryCall;
  getBulkState(argument: _dapr_proto_runtime_v1_GetBulkStateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetBulkStateResponse__Output>): grpc.ClientUnaryCall;
  getBulkState(argument: _dapr_proto_runtime_v1_GetBulkStateRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetBulkStateResponse__Output>): grpc.ClientUnaryCall;
  
  GetConfiguration(argument: _dapr_proto_runtime_v1_GetConfigurationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetConfigurationResponse__Output>): grpc.ClientUnaryCall;
  GetConfiguration(argument: _dapr_proto_runtime_v1_GetConfigurationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetConfigurationResponse__Output>): grpc.ClientUnaryCall;
  GetConfiguration(argument: _dapr_proto_runtime_v1_GetConfigurationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetConfigurationResponse__Output>): grpc.ClientUnaryCall;
  GetConfiguration(argument: _dapr_proto_runtime_v1_GetConfigurationRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetConfigurationResponse__Output>): grpc.ClientUnaryCall;
  getConfiguration(argument: _dapr_proto_runtime_v1_GetConfigurationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetConfigurationResponse__Output>): grpc.ClientUnaryCall;
  getConfiguration(argument: _dapr_proto_runtime_v1_GetConfigurationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetConfigurationResponse__Output>): grpc.ClientUnaryCall;
  getConfiguration(argument: _dapr_proto_runtime_v1_GetConfigurationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetConfigurationResponse__Output>): grpc.ClientUnaryCall;
  getConfiguration(argument: _dapr_proto_runtime_v1_GetConfigurationRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetConfigurationResponse__Output>): grpc.ClientUnaryCall;
  
  GetConfigurationAlpha1(argument: _dapr_proto_runtime_v1_GetConfigurationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetConfigurationResponse__Output>): grpc.ClientUnaryCall;
  GetConfigurationAlpha1(argument: _dapr_proto_runtime_v1_GetConfigurationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetConfigurationResponse__Output>): grpc.ClientUnaryCall;
  GetConfigurationAlpha1(argument: _dapr_proto_runtime_v1_GetConfigurationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetConfigurationResponse__Output>): grpc.ClientUnaryCall;
  GetConfigurationAlpha1(argument: _dapr_proto_runtime_v1_GetConfigurationRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetConfigurationResponse__Output>): grpc.ClientUnaryCall;
  getConfigurationAlpha1(argument: _dapr_proto_runtime_v1_GetConfigurationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetConfigurationResponse__Output>): grpc.ClientUnaryCall;
  getConfigurationAlpha1(argument: _dapr_proto_runtime_v1_GetConfigurationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetConfigurationResponse__Output>): grpc.ClientUnaryCall;
  getConfigurationAlpha1(argument: _dapr_proto_runtime_v1_GetConfigurationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetConfigurationResponse__Output>): grpc.ClientUnaryCall;
  getConfigurationAlpha1(argument: _dapr_proto_runtime_v1_GetConfigurationRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetConfigurationResponse__Output>): grpc.ClientUnaryCall;
  
  GetJob(argument: _dapr_proto_runtime_v1_GetJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  GetJob(argument: _dapr_proto_runtime_v1_GetJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  GetJob(argument: _dapr_proto_runtime_v1_GetJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  GetJob(argument: _dapr_proto_runtime_v1_GetJobRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  getJob(argument: _dapr_proto_runtime_v1_GetJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  getJob(argument: _dapr_proto_runtime_v1_GetJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  getJob(argument: _dapr_proto_runtime_v1_GetJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  getJob(argument: _dapr_proto_runtime_v1_GetJobRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  
  GetJobAlpha1(argument: _dapr_proto_runtime_v1_GetJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  GetJobAlpha1(argument: _dapr_proto_runtime_v1_GetJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  GetJobAlpha1(argument: _dapr_proto_runtime_v1_GetJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  GetJobAlpha1(argument: _dapr_proto_runtime_v1_GetJobRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  getJobAlpha1(argument: _dapr_proto_runtime_v1_GetJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  getJobAlpha1(argument: _dapr_proto_runtime_v1_GetJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  getJobAlpha1(argument: _dapr_proto_runtime_v1_GetJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  getJobAlpha1(argument: _dapr_proto_runtime_v1_GetJobRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetJobResponse__Output>): grpc.ClientUnaryCall;
  
  GetMetadata(argument: _dapr_proto_runtime_v1_GetMetadataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetMetadataResponse__Output>): grpc.ClientUnaryCall;
  GetMetadata(argument: _dapr_proto_runtime_v1_GetMetadataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetMetadataResponse__Output>): grpc.ClientUnaryCall;
  GetMetadata(argument: _dapr_proto_runtime_v1_GetMetadataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetMetadataResponse__Output>): grpc.ClientUnaryCall;
  GetMetadata(argument: _dapr_proto_runtime_v1_GetMetadataRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetMetadataResponse__Output>): grpc.ClientUnaryCall;
  getMetadata(argument: _dapr_proto_runtime_v1_GetMetadataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetMetadataResponse__Output>): grpc.ClientUnaryCall;
  getMetadata(argument: _dapr_proto_runtime_v1_GetMetadataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetMetadataResponse__Output>): grpc.ClientUnaryCall;
  getMetadata(argument: _dapr_proto_runtime_v1_GetMetadataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetMetadataResponse__Output>): grpc.ClientUnaryCall;
  getMetadata(argument: _dapr_proto_runtime_v1_GetMetadataRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetMetadataResponse__Output>): grpc.ClientUnaryCall;
  
  GetSecret(argument: _dapr_proto_runtime_v1_GetSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  GetSecret(argument: _dapr_proto_runtime_v1_GetSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  GetSecret(argument: _dapr_proto_runtime_v1_GetSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  GetSecret(argument: _dapr_proto_runtime_v1_GetSecretRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  getSecret(argument: _dapr_proto_runtime_v1_GetSecretRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  getSecret(argument: _dapr_proto_runtime_v1_GetSecretRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  getSecret(argument: _dapr_proto_runtime_v1_GetSecretRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  getSecret(argument: _dapr_proto_runtime_v1_GetSecretRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetSecretResponse__Output>): grpc.ClientUnaryCall;
  
  GetState(argument: _dapr_proto_runtime_v1_GetStateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetStateResponse__Output>): grpc.ClientUnaryCall;
  GetState(argument: _dapr_proto_runtime_v1_GetStateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetStateResponse__Output>): grpc.ClientUnaryCall;
  GetState(argument: _dapr_proto_runtime_v1_GetStateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetStateResponse__Output>): grpc.ClientUnaryCall;
  GetState(argument: _dapr_proto_runtime_v1_GetStateRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetStateResponse__Output>): grpc.ClientUnaryCall;
  getState(argument: _dapr_proto_runtime_v1_GetStateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetStateResponse__Output>): grpc.ClientUnaryCall;
  getState(argument: _dapr_proto_runtime_v1_GetStateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetStateResponse__Output>): grpc.ClientUnaryCall;
  getState(argument: _dapr_proto_runtime_v1_GetStateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetStateResponse__Output>): grpc.ClientUnaryCall;
  getState(argument: _dapr_proto_runtime_v1_GetStateRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetStateResponse__Output>): grpc.ClientUnaryCall;
  
  GetWorkflowAlpha1(argument: _dapr_proto_runtime_v1_GetWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetWorkflowResponse__Output>): grpc.ClientUnaryCall;
  GetWorkflowAlpha1(argument: _dapr_proto_runtime_v1_GetWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetWorkflowResponse__Output>): grpc.ClientUnaryCall;
  GetWorkflowAlpha1(argument: _dapr_proto_runtime_v1_GetWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetWorkflowResponse__Output>): grpc.ClientUnaryCall;
  GetWorkflowAlpha1(argument: _dapr_proto_runtime_v1_GetWorkflowRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetWorkflowResponse__Output>): grpc.ClientUnaryCall;
  getWorkflowAlpha1(argument: _dapr_proto_runtime_v1_GetWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetWorkflowResponse__Output>): grpc.ClientUnaryCall;
  getWorkflowAlpha1(argument: _dapr_proto_runtime_v1_GetWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetWorkflowResponse__Output>): grpc.ClientUnaryCall;
  getWorkflowAlpha1(argument: _dapr_proto_runtime_v1_GetWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetWorkflowResponse__Output>): grpc.ClientUnaryCall;
  getWorkflowAlpha1(argument: _dapr_proto_runtime_v1_GetWorkflowRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetWorkflowResponse__Output>): grpc.ClientUnaryCall;
  
  GetWorkflowBeta1(argument: _dapr_proto_runtime_v1_GetWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetWorkflowResponse__Output>): grpc.ClientUnaryCall;
  GetWorkflowBeta1(argument: _dapr_proto_runtime_v1_GetWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetWorkflowResponse__Output>): grpc.ClientUnaryCall;
  GetWorkflowBeta1(argument: _dapr_proto_runtime_v1_GetWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetWorkflowResponse__Output>): grpc.ClientUnaryCall;
  GetWorkflowBeta1(argument: _dapr_proto_runtime_v1_GetWorkflowRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetWorkflowResponse__Output>): grpc.ClientUnaryCall;
  getWorkflowBeta1(argument: _dapr_proto_runtime_v1_GetWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetWorkflowResponse__Output>): grpc.ClientUnaryCall;
  getWorkflowBeta1(argument: _dapr_proto_runtime_v1_GetWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetWorkflowResponse__Output>): grpc.ClientUnaryCall;
  getWorkflowBeta1(argument: _dapr_proto_runtime_v1_GetWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetWorkflowResponse__Output>): grpc.ClientUnaryCall;
  getWorkflowBeta1(argument: _dapr_proto_runtime_v1_GetWorkflowRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_GetWorkflowResponse__Output>): grpc.ClientUnaryCall;
  
  InvokeActor(argument: _dapr_proto_runtime_v1_InvokeActorRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_InvokeActorResponse__Output>): grpc.ClientUnaryCall;
  InvokeActor(argument: _dapr_proto_runtime_v1_InvokeActorRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_InvokeActorResponse__Output>): grpc.ClientUnaryCall;
  InvokeActor(argument: _dapr_proto_runtime_v1_InvokeActorRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_InvokeActorResponse__Output>): grpc.ClientUnaryCall;
  InvokeActor(argument: _dapr_proto_runtime_v1_InvokeActorRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_InvokeActorResponse__Output>): grpc.ClientUnaryCall;
  invokeActor(argument: _dapr_proto_runtime_v1_InvokeActorRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_InvokeActorResponse__Output>): grpc.ClientUnaryCall;
  invokeActor(argument: _dapr_proto_runtime_v1_InvokeActorRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_InvokeActorResponse__Output>): grpc.ClientUnaryCall;
  invokeActor(argument: _dapr_proto_runtime_v1_InvokeActorRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_InvokeActorResponse__Output>): grpc.ClientUnaryCall;
  invokeActor(argument: _dapr_proto_runtime_v1_InvokeActorRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_InvokeActorResponse__Output>): grpc.ClientUnaryCall;
  
  InvokeBinding(argument: _dapr_proto_runtime_v1_InvokeBindingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_InvokeBindingResponse__Output>): grpc.ClientUnaryCall;
  InvokeBinding(argument: _dapr_proto_runtime_v1_InvokeBindingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_InvokeBindingResponse__Output>): grpc.ClientUnaryCall;
  InvokeBinding(argument: _dapr_proto_runtime_v1_InvokeBindingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_InvokeBindingResponse__Output>): grpc.ClientUnaryCall;
  InvokeBinding(argument: _dapr_proto_runtime_v1_InvokeBindingRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_InvokeBindingResponse__Output>): grpc.ClientUnaryCall;
  invokeBinding(argument: _dapr_proto_runtime_v1_InvokeBindingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_InvokeBindingResponse__Output>): grpc.ClientUnaryCall;
  invokeBinding(argument: _dapr_proto_runtime_v1_InvokeBindingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_InvokeBindingResponse__Output>): grpc.ClientUnaryCall;
  invokeBinding(argument: _dapr_proto_runtime_v1_InvokeBindingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_InvokeBindingResponse__Output>): grpc.ClientUnaryCall;
  invokeBinding(argument: _dapr_proto_runtime_v1_InvokeBindingRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_InvokeBindingResponse__Output>): grpc.ClientUnaryCall;
  
  InvokeService(argument: _dapr_proto_runtime_v1_InvokeServiceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_common_v1_InvokeResponse__Output>): grpc.ClientUnaryCall;
  InvokeService(argument: _dapr_proto_runtime_v1_InvokeServiceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_common_v1_InvokeResponse__Output>): grpc.ClientUnaryCall;
  InvokeService(argument: _dapr_proto_runtime_v1_InvokeServiceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_common_v1_InvokeResponse__Output>): grpc.ClientUnaryCall;
  InvokeService(argument: _dapr_proto_runtime_v1_InvokeServiceRequest, callback: grpc.requestCallback<_dapr_proto_common_v1_InvokeResponse__Output>): grpc.ClientUnaryCall;
  invokeService(argument: _dapr_proto_runtime_v1_InvokeServiceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_common_v1_InvokeResponse__Output>): grpc.ClientUnaryCall;
  invokeService(argument: _dapr_proto_runtime_v1_InvokeServiceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_common_v1_InvokeResponse__Output>): grpc.ClientUnaryCall;
  invokeService(argument: _dapr_proto_runtime_v1_InvokeServiceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_common_v1_InvokeResponse__Output>): grpc.ClientUnaryCall;
  invokeService(argument: _dapr_proto_runtime_v1_InvokeServiceRequest, callback: grpc.requestCallback<_dapr_proto_common_v1_InvokeResponse__Output>): grpc.ClientUnaryCall;
  
  ListActorReminders(argument: _dapr_proto_runtime_v1_ListActorRemindersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListActorRemindersResponse__Output>): grpc.ClientUnaryCall;
  ListActorReminders(argument: _dapr_proto_runtime_v1_ListActorRemindersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListActorRemindersResponse__Output>): grpc.ClientUnaryCall;
  ListActorReminders(argument: _dapr_proto_runtime_v1_ListActorRemindersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListActorRemindersResponse__Output>): grpc.ClientUnaryCall;
  ListActorReminders(argument: _dapr_proto_runtime_v1_ListActorRemindersRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListActorRemindersResponse__Output>): grpc.ClientUnaryCall;
  listActorReminders(argument: _dapr_proto_runtime_v1_ListActorRemindersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListActorRemindersResponse__Output>): grpc.ClientUnaryCall;
  listActorReminders(argument: _dapr_proto_runtime_v1_ListActorRemindersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListActorRemindersResponse__Output>): grpc.ClientUnaryCall;
  listActorReminders(argument: _dapr_proto_runtime_v1_ListActorRemindersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListActorRemindersResponse__Output>): grpc.ClientUnaryCall;
  listActorReminders(argument: _dapr_proto_runtime_v1_ListActorRemindersRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListActorRemindersResponse__Output>): grpc.ClientUnaryCall;
  
  ListJobs(argument: _dapr_proto_runtime_v1_ListJobsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListJobsResponse__Output>): grpc.ClientUnaryCall;
  ListJobs(argument: _dapr_proto_runtime_v1_ListJobsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListJobsResponse__Output>): grpc.ClientUnaryCall;
  ListJobs(argument: _dapr_proto_runtime_v1_ListJobsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListJobsResponse__Output>): grpc.ClientUnaryCall;
  ListJobs(argument: _dapr_proto_runtime_v1_ListJobsRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListJobsResponse__Output>): grpc.ClientUnaryCall;
  listJobs(argument: _dapr_proto_runtime_v1_ListJobsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListJobsResponse__Output>): grpc.ClientUnaryCall;
  listJobs(argument: _dapr_proto_runtime_v1_ListJobsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListJobsResponse__Output>): grpc.ClientUnaryCall;
  listJobs(argument: _dapr_proto_runtime_v1_ListJobsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListJobsResponse__Output>): grpc.ClientUnaryCall;
  listJobs(argument: _dapr_proto_runtime_v1_ListJobsRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListJobsResponse__Output>): grpc.ClientUnaryCall;
  
  ListJobsAlpha1(argument: _dapr_proto_runtime_v1_ListJobsRequestAlpha1, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListJobsResponseAlpha1__Output>): grpc.ClientUnaryCall;
  ListJobsAlpha1(argument: _dapr_proto_runtime_v1_ListJobsRequestAlpha1, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListJobsResponseAlpha1__Output>): grpc.ClientUnaryCall;
  ListJobsAlpha1(argument: _dapr_proto_runtime_v1_ListJobsRequestAlpha1, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListJobsResponseAlpha1__Output>): grpc.ClientUnaryCall;
  ListJobsAlpha1(argument: _dapr_proto_runtime_v1_ListJobsRequestAlpha1, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListJobsResponseAlpha1__Output>): grpc.ClientUnaryCall;
  listJobsAlpha1(argument: _dapr_proto_runtime_v1_ListJobsRequestAlpha1, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListJobsResponseAlpha1__Output>): grpc.ClientUnaryCall;
  listJobsAlpha1(argument: _dapr_proto_runtime_v1_ListJobsRequestAlpha1, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListJobsResponseAlpha1__Output>): grpc.ClientUnaryCall;
  listJobsAlpha1(argument: _dapr_proto_runtime_v1_ListJobsRequestAlpha1, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListJobsResponseAlpha1__Output>): grpc.ClientUnaryCall;
  listJobsAlpha1(argument: _dapr_proto_runtime_v1_ListJobsRequestAlpha1, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ListJobsResponseAlpha1__Output>): grpc.ClientUnaryCall;
  
  PauseWorkflowAlpha1(argument: _dapr_proto_runtime_v1_PauseWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  PauseWorkflowAlpha1(argument: _dapr_proto_runtime_v1_PauseWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  PauseWorkflowAlpha1(argument: _dapr_proto_runtime_v1_PauseWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  PauseWorkflowAlpha1(argument: _dapr_proto_runtime_v1_PauseWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  pauseWorkflowAlpha1(argument: _dapr_proto_runtime_v1_PauseWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  pauseWorkflowAlpha1(argument: _dapr_proto_runtime_v1_PauseWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  pauseWorkflowAlpha1(argument: _dapr_proto_runtime_v1_PauseWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  pauseWorkflowAlpha1(argument: _dapr_proto_runtime_v1_PauseWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  PauseWorkflowBeta1(argument: _dapr_proto_runtime_v1_PauseWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  PauseWorkflowBeta1(argument: _dapr_proto_runtime_v1_PauseWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  PauseWorkflowBeta1(argument: _dapr_proto_runtime_v1_PauseWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  PauseWorkflowBeta1(argument: _dapr_proto_runtime_v1_PauseWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  pauseWorkflowBeta1(argument: _dapr_proto_runtime_v1_PauseWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  pauseWorkflowBeta1(argument: _dapr_proto_runtime_v1_PauseWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  pauseWorkflowBeta1(argument: _dapr_proto_runtime_v1_PauseWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  pauseWorkflowBeta1(argument: _dapr_proto_runtime_v1_PauseWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  PublishEvent(argument: _dapr_proto_runtime_v1_PublishEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  PublishEvent(argument: _dapr_proto_runtime_v1_PublishEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  PublishEvent(argument: _dapr_proto_runtime_v1_PublishEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  PublishEvent(argument: _dapr_proto_runtime_v1_PublishEventRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  publishEvent(argument: _dapr_proto_runtime_v1_PublishEventRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  publishEvent(argument: _dapr_proto_runtime_v1_PublishEventRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  publishEvent(argument: _dapr_proto_runtime_v1_PublishEventRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  publishEvent(argument: _dapr_proto_runtime_v1_PublishEventRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  PurgeWorkflowAlpha1(argument: _dapr_proto_runtime_v1_PurgeWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  PurgeWorkflowAlpha1(argument: _dapr_proto_runtime_v1_PurgeWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  PurgeWorkflowAlpha1(argument: _dapr_proto_runtime_v1_PurgeWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  PurgeWorkflowAlpha1(argument: _dapr_proto_runtime_v1_PurgeWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  purgeWorkflowAlpha1(argument: _dapr_proto_runtime_v1_PurgeWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  purgeWorkflowAlpha1(argument: _dapr_proto_runtime_v1_PurgeWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  purgeWorkflowAlpha1(argument: _dapr_proto_runtime_v1_PurgeWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  purgeWorkflowAlpha1(argument: _dapr_proto_runtime_v1_PurgeWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  PurgeWorkflowBeta1(argument: _dapr_proto_runtime_v1_PurgeWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  PurgeWorkflowBeta1(argument: _dapr_proto_runtime_v1_PurgeWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  PurgeWorkflowBeta1(argument: _dapr_proto_runtime_v1_PurgeWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  PurgeWorkflowBeta1(argument: _dapr_proto_runtime_v1_PurgeWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  purgeWorkflowBeta1(argument: _dapr_proto_runtime_v1_PurgeWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  purgeWorkflowBeta1(argument: _dapr_proto_runtime_v1_PurgeWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  purgeWorkflowBeta1(argument: _dapr_proto_runtime_v1_PurgeWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  purgeWorkflowBeta1(argument: _dapr_proto_runtime_v1_PurgeWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  QueryStateAlpha1(argument: _dapr_proto_runtime_v1_QueryStateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_QueryStateResponse__Output>): grpc.ClientUnaryCall;
  QueryStateAlpha1(argument: _dapr_proto_runtime_v1_QueryStateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_QueryStateResponse__Output>): grpc.ClientUnaryCall;
  QueryStateAlpha1(argument: _dapr_proto_runtime_v1_QueryStateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_QueryStateResponse__Output>): grpc.ClientUnaryCall;
  QueryStateAlpha1(argument: _dapr_proto_runtime_v1_QueryStateRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_QueryStateResponse__Output>): grpc.ClientUnaryCall;
  queryStateAlpha1(argument: _dapr_proto_runtime_v1_QueryStateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_QueryStateResponse__Output>): grpc.ClientUnaryCall;
  queryStateAlpha1(argument: _dapr_proto_runtime_v1_QueryStateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_QueryStateResponse__Output>): grpc.ClientUnaryCall;
  queryStateAlpha1(argument: _dapr_proto_runtime_v1_QueryStateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_QueryStateResponse__Output>): grpc.ClientUnaryCall;
  queryStateAlpha1(argument: _dapr_proto_runtime_v1_QueryStateRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_QueryStateResponse__Output>): grpc.ClientUnaryCall;
  
  RaiseEventWorkflowAlpha1(argument: _dapr_proto_runtime_v1_RaiseEventWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  RaiseEventWorkflowAlpha1(argument: _dapr_proto_runtime_v1_RaiseEventWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  RaiseEventWorkflowAlpha1(argument: _dapr_proto_runtime_v1_RaiseEventWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  RaiseEventWorkflowAlpha1(argument: _dapr_proto_runtime_v1_RaiseEventWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  raiseEventWorkflowAlpha1(argument: _dapr_proto_runtime_v1_RaiseEventWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  raiseEventWorkflowAlpha1(argument: _dapr_proto_runtime_v1_RaiseEventWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  raiseEventWorkflowAlpha1(argument: _dapr_proto_runtime_v1_RaiseEventWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  raiseEventWorkflowAlpha1(argument: _dapr_proto_runtime_v1_RaiseEventWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  RaiseEventWorkflowBeta1(argument: _dapr_proto_runtime_v1_RaiseEventWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  RaiseEventWorkflowBeta1(argument: _dapr_proto_runtime_v1_RaiseEventWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  RaiseEventWorkflowBeta1(argument: _dapr_proto_runtime_v1_RaiseEventWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  RaiseEventWorkflowBeta1(argument: _dapr_proto_runtime_v1_RaiseEventWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  raiseEventWorkflowBeta1(argument: _dapr_proto_runtime_v1_RaiseEventWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  raiseEventWorkflowBeta1(argument: _dapr_proto_runtime_v1_RaiseEventWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  raiseEventWorkflowBeta1(argument: _dapr_proto_runtime_v1_RaiseEventWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  raiseEventWorkflowBeta1(argument: _dapr_proto_runtime_v1_RaiseEventWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  RegisterActorReminder(argument: _dapr_proto_runtime_v1_RegisterActorReminderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  RegisterActorReminder(argument: _dapr_proto_runtime_v1_RegisterActorReminderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  RegisterActorReminder(argument: _dapr_proto_runtime_v1_RegisterActorReminderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  RegisterActorReminder(argument: _dapr_proto_runtime_v1_RegisterActorReminderRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  registerActorReminder(argument: _dapr_proto_runtime_v1_RegisterActorReminderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  registerActorReminder(argument: _dapr_proto_runtime_v1_RegisterActorReminderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  registerActorReminder(argument: _dapr_proto_runtime_v1_RegisterActorReminderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  registerActorReminder(argument: _dapr_proto_runtime_v1_RegisterActorReminderRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  RegisterActorTimer(argument: _dapr_proto_runtime_v1_RegisterActorTimerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  RegisterActorTimer(argument: _dapr_proto_runtime_v1_RegisterActorTimerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  RegisterActorTimer(argument: _dapr_proto_runtime_v1_RegisterActorTimerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  RegisterActorTimer(argument: _dapr_proto_runtime_v1_RegisterActorTimerRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  registerActorTimer(argument: _dapr_proto_runtime_v1_RegisterActorTimerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  registerActorTimer(argument: _dapr_proto_runtime_v1_RegisterActorTimerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  registerActorTimer(argument: _dapr_proto_runtime_v1_RegisterActorTimerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  registerActorTimer(argument: _dapr_proto_runtime_v1_RegisterActorTimerRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  ResumeWorkflowAlpha1(argument: _dapr_proto_runtime_v1_ResumeWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  ResumeWorkflowAlpha1(argument: _dapr_proto_runtime_v1_ResumeWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  ResumeWorkflowAlpha1(argument: _dapr_proto_runtime_v1_ResumeWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  ResumeWorkflowAlpha1(argument: _dapr_proto_runtime_v1_ResumeWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  resumeWorkflowAlpha1(argument: _dapr_proto_runtime_v1_ResumeWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  resumeWorkflowAlpha1(argument: _dapr_proto_runtime_v1_ResumeWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  resumeWorkflowAlpha1(argument: _dapr_proto_runtime_v1_ResumeWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  resumeWorkflowAlpha1(argument: _dapr_proto_runtime_v1_ResumeWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  ResumeWorkflowBeta1(argument: _dapr_proto_runtime_v1_ResumeWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  ResumeWorkflowBeta1(argument: _dapr_proto_runtime_v1_ResumeWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  ResumeWorkflowBeta1(argument: _dapr_proto_runtime_v1_ResumeWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  ResumeWorkflowBeta1(argument: _dapr_proto_runtime_v1_ResumeWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  resumeWorkflowBeta1(argument: _dapr_proto_runtime_v1_ResumeWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  resumeWorkflowBeta1(argument: _dapr_proto_runtime_v1_ResumeWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  resumeWorkflowBeta1(argument: _dapr_proto_runtime_v1_ResumeWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  resumeWorkflowBeta1(argument: _dapr_proto_runtime_v1_ResumeWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  SaveState(argument: _dapr_proto_runtime_v1_SaveStateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  SaveState(argument: _dapr_proto_runtime_v1_SaveStateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  SaveState(argument: _dapr_proto_runtime_v1_SaveStateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  SaveState(argument: _dapr_proto_runtime_v1_SaveStateRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  saveState(argument: _dapr_proto_runtime_v1_SaveStateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  saveState(argument: _dapr_proto_runtime_v1_SaveStateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  saveState(argument: _dapr_proto_runtime_v1_SaveStateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  saveState(argument: _dapr_proto_runtime_v1_SaveStateRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  ScheduleJob(argument: _dapr_proto_runtime_v1_ScheduleJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ScheduleJobResponse__Output>): grpc.ClientUnaryCall;
  ScheduleJob(argument: _dapr_proto_runtime_v1_ScheduleJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ScheduleJobResponse__Output>): grpc.ClientUnaryCall;
  ScheduleJob(argument: _dapr_proto_runtime_v1_ScheduleJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ScheduleJobResponse__Output>): grpc.ClientUnaryCall;
  ScheduleJob(argument: _dapr_proto_runtime_v1_ScheduleJobRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ScheduleJobResponse__Output>): grpc.ClientUnaryCall;
  scheduleJob(argument: _dapr_proto_runtime_v1_ScheduleJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ScheduleJobResponse__Output>): grpc.ClientUnaryCall;
  scheduleJob(argument: _dapr_proto_runtime_v1_ScheduleJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ScheduleJobResponse__Output>): grpc.ClientUnaryCall;
  scheduleJob(argument: _dapr_proto_runtime_v1_ScheduleJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ScheduleJobResponse__Output>): grpc.ClientUnaryCall;
  scheduleJob(argument: _dapr_proto_runtime_v1_ScheduleJobRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ScheduleJobResponse__Output>): grpc.ClientUnaryCall;
  
  ScheduleJobAlpha1(argument: _dapr_proto_runtime_v1_ScheduleJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ScheduleJobResponse__Output>): grpc.ClientUnaryCall;
  ScheduleJobAlpha1(argument: _dapr_proto_runtime_v1_ScheduleJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ScheduleJobResponse__Output>): grpc.ClientUnaryCall;
  ScheduleJobAlpha1(argument: _dapr_proto_runtime_v1_ScheduleJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ScheduleJobResponse__Output>): grpc.ClientUnaryCall;
  ScheduleJobAlpha1(argument: _dapr_proto_runtime_v1_ScheduleJobRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ScheduleJobResponse__Output>): grpc.ClientUnaryCall;
  scheduleJobAlpha1(argument: _dapr_proto_runtime_v1_ScheduleJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ScheduleJobResponse__Output>): grpc.ClientUnaryCall;
  scheduleJobAlpha1(argument: _dapr_proto_runtime_v1_ScheduleJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ScheduleJobResponse__Output>): grpc.ClientUnaryCall;
  scheduleJobAlpha1(argument: _dapr_proto_runtime_v1_ScheduleJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ScheduleJobResponse__Output>): grpc.ClientUnaryCall;
  scheduleJobAlpha1(argument: _dapr_proto_runtime_v1_ScheduleJobRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_ScheduleJobResponse__Output>): grpc.ClientUnaryCall;
  
  SetMetadata(argument: _dapr_proto_runtime_v1_SetMetadataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  SetMetadata(argument: _dapr_proto_runtime_v1_SetMetadataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  SetMetadata(argument: _dapr_proto_runtime_v1_SetMetadataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  SetMetadata(argument: _dapr_proto_runtime_v1_SetMetadataRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  setMetadata(argument: _dapr_proto_runtime_v1_SetMetadataRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  setMetadata(argument: _dapr_proto_runtime_v1_SetMetadataRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  setMetadata(argument: _dapr_proto_runtime_v1_SetMetadataRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  setMetadata(argument: _dapr_proto_runtime_v1_SetMetadataRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  Shutdown(argument: _dapr_proto_runtime_v1_ShutdownRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  Shutdown(argument: _dapr_proto_runtime_v1_ShutdownRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  Shutdown(argument: _dapr_proto_runtime_v1_ShutdownRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  Shutdown(argument: _dapr_proto_runtime_v1_ShutdownRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  shutdown(argument: _dapr_proto_runtime_v1_ShutdownRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  shutdown(argument: _dapr_proto_runtime_v1_ShutdownRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  shutdown(argument: _dapr_proto_runtime_v1_ShutdownRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  shutdown(argument: _dapr_proto_runtime_v1_ShutdownRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  StartWorkflowAlpha1(argument: _dapr_proto_runtime_v1_StartWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_StartWorkflowResponse__Output>): grpc.ClientUnaryCall;
  StartWorkflowAlpha1(argument: _dapr_proto_runtime_v1_StartWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_StartWorkflowResponse__Output>): grpc.ClientUnaryCall;
  StartWorkflowAlpha1(argument: _dapr_proto_runtime_v1_StartWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_StartWorkflowResponse__Output>): grpc.ClientUnaryCall;
  StartWorkflowAlpha1(argument: _dapr_proto_runtime_v1_StartWorkflowRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_StartWorkflowResponse__Output>): grpc.ClientUnaryCall;
  startWorkflowAlpha1(argument: _dapr_proto_runtime_v1_StartWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_StartWorkflowResponse__Output>): grpc.ClientUnaryCall;
  startWorkflowAlpha1(argument: _dapr_proto_runtime_v1_StartWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_StartWorkflowResponse__Output>): grpc.ClientUnaryCall;
  startWorkflowAlpha1(argument: _dapr_proto_runtime_v1_StartWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_StartWorkflowResponse__Output>): grpc.ClientUnaryCall;
  startWorkflowAlpha1(argument: _dapr_proto_runtime_v1_StartWorkflowRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_StartWorkflowResponse__Output>): grpc.ClientUnaryCall;
  
  StartWorkflowBeta1(argument: _dapr_proto_runtime_v1_StartWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_StartWorkflowResponse__Output>): grpc.ClientUnaryCall;
  StartWorkflowBeta1(argument: _dapr_proto_runtime_v1_StartWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_StartWorkflowResponse__Output>): grpc.ClientUnaryCall;
  StartWorkflowBeta1(argument: _dapr_proto_runtime_v1_StartWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_StartWorkflowResponse__Output>): grpc.ClientUnaryCall;
  StartWorkflowBeta1(argument: _dapr_proto_runtime_v1_StartWorkflowRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_StartWorkflowResponse__Output>): grpc.ClientUnaryCall;
  startWorkflowBeta1(argument: _dapr_proto_runtime_v1_StartWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_StartWorkflowResponse__Output>): grpc.ClientUnaryCall;
  startWorkflowBeta1(argument: _dapr_proto_runtime_v1_StartWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_StartWorkflowResponse__Output>): grpc.ClientUnaryCall;
  startWorkflowBeta1(argument: _dapr_proto_runtime_v1_StartWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_StartWorkflowResponse__Output>): grpc.ClientUnaryCall;
  startWorkflowBeta1(argument: _dapr_proto_runtime_v1_StartWorkflowRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_StartWorkflowResponse__Output>): grpc.ClientUnaryCall;
  
  SubscribeActorEventsAlpha1(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_dapr_proto_runtime_v1_SubscribeActorEventsRequestAlpha1, _dapr_proto_runtime_v1_SubscribeActorEventsResponseAlpha1__Output>;
  SubscribeActorEventsAlpha1(options?: grpc.CallOptions): grpc.ClientDuplexStream<_dapr_proto_runtime_v1_SubscribeActorEventsRequestAlpha1, _dapr_proto_runtime_v1_SubscribeActorEventsResponseAlpha1__Output>;
  subscribeActorEventsAlpha1(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_dapr_proto_runtime_v1_SubscribeActorEventsRequestAlpha1, _dapr_proto_runtime_v1_SubscribeActorEventsResponseAlpha1__Output>;
  subscribeActorEventsAlpha1(options?: grpc.CallOptions): grpc.ClientDuplexStream<_dapr_proto_runtime_v1_SubscribeActorEventsRequestAlpha1, _dapr_proto_runtime_v1_SubscribeActorEventsResponseAlpha1__Output>;
  
  SubscribeConfiguration(argument: _dapr_proto_runtime_v1_SubscribeConfigurationRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_dapr_proto_runtime_v1_SubscribeConfigurationResponse__Output>;
  SubscribeConfiguration(argument: _dapr_proto_runtime_v1_SubscribeConfigurationRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_dapr_proto_runtime_v1_SubscribeConfigurationResponse__Output>;
  subscribeConfiguration(argument: _dapr_proto_runtime_v1_SubscribeConfigurationRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_dapr_proto_runtime_v1_SubscribeConfigurationResponse__Output>;
  subscribeConfiguration(argument: _dapr_proto_runtime_v1_SubscribeConfigurationRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_dapr_proto_runtime_v1_SubscribeConfigurationResponse__Output>;
  
  SubscribeConfigurationAlpha1(argument: _dapr_proto_runtime_v1_SubscribeConfigurationRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_dapr_proto_runtime_v1_SubscribeConfigurationResponse__Output>;
  SubscribeConfigurationAlpha1(argument: _dapr_proto_runtime_v1_SubscribeConfigurationRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_dapr_proto_runtime_v1_SubscribeConfigurationResponse__Output>;
  subscribeConfigurationAlpha1(argument: _dapr_proto_runtime_v1_SubscribeConfigurationRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_dapr_proto_runtime_v1_SubscribeConfigurationResponse__Output>;
  subscribeConfigurationAlpha1(argument: _dapr_proto_runtime_v1_SubscribeConfigurationRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_dapr_proto_runtime_v1_SubscribeConfigurationResponse__Output>;
  
  SubscribeTopicEventsAlpha1(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_dapr_proto_runtime_v1_SubscribeTopicEventsRequestAlpha1, _dapr_proto_runtime_v1_SubscribeTopicEventsResponseAlpha1__Output>;
  SubscribeTopicEventsAlpha1(options?: grpc.CallOptions): grpc.ClientDuplexStream<_dapr_proto_runtime_v1_SubscribeTopicEventsRequestAlpha1, _dapr_proto_runtime_v1_SubscribeTopicEventsResponseAlpha1__Output>;
  subscribeTopicEventsAlpha1(metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientDuplexStream<_dapr_proto_runtime_v1_SubscribeTopicEventsRequestAlpha1, _dapr_proto_runtime_v1_SubscribeTopicEventsResponseAlpha1__Output>;
  subscribeTopicEventsAlpha1(options?: grpc.CallOptions): grpc.ClientDuplexStream<_dapr_proto_runtime_v1_SubscribeTopicEventsRequestAlpha1, _dapr_proto_runtime_v1_SubscribeTopicEventsResponseAlpha1__Output>;
  
  SubtleDecryptAlpha1(argument: _dapr_proto_runtime_v1_SubtleDecryptRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleDecryptResponse__Output>): grpc.ClientUnaryCall;
  SubtleDecryptAlpha1(argument: _dapr_proto_runtime_v1_SubtleDecryptRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleDecryptResponse__Output>): grpc.ClientUnaryCall;
  SubtleDecryptAlpha1(argument: _dapr_proto_runtime_v1_SubtleDecryptRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleDecryptResponse__Output>): grpc.ClientUnaryCall;
  SubtleDecryptAlpha1(argument: _dapr_proto_runtime_v1_SubtleDecryptRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleDecryptResponse__Output>): grpc.ClientUnaryCall;
  subtleDecryptAlpha1(argument: _dapr_proto_runtime_v1_SubtleDecryptRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleDecryptResponse__Output>): grpc.ClientUnaryCall;
  subtleDecryptAlpha1(argument: _dapr_proto_runtime_v1_SubtleDecryptRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleDecryptResponse__Output>): grpc.ClientUnaryCall;
  subtleDecryptAlpha1(argument: _dapr_proto_runtime_v1_SubtleDecryptRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleDecryptResponse__Output>): grpc.ClientUnaryCall;
  subtleDecryptAlpha1(argument: _dapr_proto_runtime_v1_SubtleDecryptRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleDecryptResponse__Output>): grpc.ClientUnaryCall;
  
  SubtleEncryptAlpha1(argument: _dapr_proto_runtime_v1_SubtleEncryptRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleEncryptResponse__Output>): grpc.ClientUnaryCall;
  SubtleEncryptAlpha1(argument: _dapr_proto_runtime_v1_SubtleEncryptRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleEncryptResponse__Output>): grpc.ClientUnaryCall;
  SubtleEncryptAlpha1(argument: _dapr_proto_runtime_v1_SubtleEncryptRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleEncryptResponse__Output>): grpc.ClientUnaryCall;
  SubtleEncryptAlpha1(argument: _dapr_proto_runtime_v1_SubtleEncryptRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleEncryptResponse__Output>): grpc.ClientUnaryCall;
  subtleEncryptAlpha1(argument: _dapr_proto_runtime_v1_SubtleEncryptRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleEncryptResponse__Output>): grpc.ClientUnaryCall;
  subtleEncryptAlpha1(argument: _dapr_proto_runtime_v1_SubtleEncryptRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleEncryptResponse__Output>): grpc.ClientUnaryCall;
  subtleEncryptAlpha1(argument: _dapr_proto_runtime_v1_SubtleEncryptRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleEncryptResponse__Output>): grpc.ClientUnaryCall;
  subtleEncryptAlpha1(argument: _dapr_proto_runtime_v1_SubtleEncryptRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleEncryptResponse__Output>): grpc.ClientUnaryCall;
  
  SubtleGetKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleGetKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleGetKeyResponse__Output>): grpc.ClientUnaryCall;
  SubtleGetKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleGetKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleGetKeyResponse__Output>): grpc.ClientUnaryCall;
  SubtleGetKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleGetKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleGetKeyResponse__Output>): grpc.ClientUnaryCall;
  SubtleGetKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleGetKeyRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleGetKeyResponse__Output>): grpc.ClientUnaryCall;
  subtleGetKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleGetKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleGetKeyResponse__Output>): grpc.ClientUnaryCall;
  subtleGetKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleGetKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleGetKeyResponse__Output>): grpc.ClientUnaryCall;
  subtleGetKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleGetKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleGetKeyResponse__Output>): grpc.ClientUnaryCall;
  subtleGetKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleGetKeyRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleGetKeyResponse__Output>): grpc.ClientUnaryCall;
  
  SubtleSignAlpha1(argument: _dapr_proto_runtime_v1_SubtleSignRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleSignResponse__Output>): grpc.ClientUnaryCall;
  SubtleSignAlpha1(argument: _dapr_proto_runtime_v1_SubtleSignRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleSignResponse__Output>): grpc.ClientUnaryCall;
  SubtleSignAlpha1(argument: _dapr_proto_runtime_v1_SubtleSignRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleSignResponse__Output>): grpc.ClientUnaryCall;
  SubtleSignAlpha1(argument: _dapr_proto_runtime_v1_SubtleSignRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleSignResponse__Output>): grpc.ClientUnaryCall;
  subtleSignAlpha1(argument: _dapr_proto_runtime_v1_SubtleSignRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleSignResponse__Output>): grpc.ClientUnaryCall;
  subtleSignAlpha1(argument: _dapr_proto_runtime_v1_SubtleSignRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleSignResponse__Output>): grpc.ClientUnaryCall;
  subtleSignAlpha1(argument: _dapr_proto_runtime_v1_SubtleSignRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleSignResponse__Output>): grpc.ClientUnaryCall;
  subtleSignAlpha1(argument: _dapr_proto_runtime_v1_SubtleSignRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleSignResponse__Output>): grpc.ClientUnaryCall;
  
  SubtleUnwrapKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleUnwrapKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleUnwrapKeyResponse__Output>): grpc.ClientUnaryCall;
  SubtleUnwrapKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleUnwrapKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleUnwrapKeyResponse__Output>): grpc.ClientUnaryCall;
  SubtleUnwrapKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleUnwrapKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleUnwrapKeyResponse__Output>): grpc.ClientUnaryCall;
  SubtleUnwrapKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleUnwrapKeyRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleUnwrapKeyResponse__Output>): grpc.ClientUnaryCall;
  subtleUnwrapKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleUnwrapKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleUnwrapKeyResponse__Output>): grpc.ClientUnaryCall;
  subtleUnwrapKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleUnwrapKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleUnwrapKeyResponse__Output>): grpc.ClientUnaryCall;
  subtleUnwrapKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleUnwrapKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleUnwrapKeyResponse__Output>): grpc.ClientUnaryCall;
  subtleUnwrapKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleUnwrapKeyRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleUnwrapKeyResponse__Output>): grpc.ClientUnaryCall;
  
  SubtleVerifyAlpha1(argument: _dapr_proto_runtime_v1_SubtleVerifyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleVerifyResponse__Output>): grpc.ClientUnaryCall;
  SubtleVerifyAlpha1(argument: _dapr_proto_runtime_v1_SubtleVerifyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleVerifyResponse__Output>): grpc.ClientUnaryCall;
  SubtleVerifyAlpha1(argument: _dapr_proto_runtime_v1_SubtleVerifyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleVerifyResponse__Output>): grpc.ClientUnaryCall;
  SubtleVerifyAlpha1(argument: _dapr_proto_runtime_v1_SubtleVerifyRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleVerifyResponse__Output>): grpc.ClientUnaryCall;
  subtleVerifyAlpha1(argument: _dapr_proto_runtime_v1_SubtleVerifyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleVerifyResponse__Output>): grpc.ClientUnaryCall;
  subtleVerifyAlpha1(argument: _dapr_proto_runtime_v1_SubtleVerifyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleVerifyResponse__Output>): grpc.ClientUnaryCall;
  subtleVerifyAlpha1(argument: _dapr_proto_runtime_v1_SubtleVerifyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleVerifyResponse__Output>): grpc.ClientUnaryCall;
  subtleVerifyAlpha1(argument: _dapr_proto_runtime_v1_SubtleVerifyRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleVerifyResponse__Output>): grpc.ClientUnaryCall;
  
  SubtleWrapKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleWrapKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleWrapKeyResponse__Output>): grpc.ClientUnaryCall;
  SubtleWrapKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleWrapKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleWrapKeyResponse__Output>): grpc.ClientUnaryCall;
  SubtleWrapKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleWrapKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleWrapKeyResponse__Output>): grpc.ClientUnaryCall;
  SubtleWrapKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleWrapKeyRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleWrapKeyResponse__Output>): grpc.ClientUnaryCall;
  subtleWrapKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleWrapKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleWrapKeyResponse__Output>): grpc.ClientUnaryCall;
  subtleWrapKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleWrapKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleWrapKeyResponse__Output>): grpc.ClientUnaryCall;
  subtleWrapKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleWrapKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleWrapKeyResponse__Output>): grpc.ClientUnaryCall;
  subtleWrapKeyAlpha1(argument: _dapr_proto_runtime_v1_SubtleWrapKeyRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_SubtleWrapKeyResponse__Output>): grpc.ClientUnaryCall;
  
  TerminateWorkflowAlpha1(argument: _dapr_proto_runtime_v1_TerminateWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  TerminateWorkflowAlpha1(argument: _dapr_proto_runtime_v1_TerminateWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  TerminateWorkflowAlpha1(argument: _dapr_proto_runtime_v1_TerminateWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  TerminateWorkflowAlpha1(argument: _dapr_proto_runtime_v1_TerminateWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  terminateWorkflowAlpha1(argument: _dapr_proto_runtime_v1_TerminateWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  terminateWorkflowAlpha1(argument: _dapr_proto_runtime_v1_TerminateWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  terminateWorkflowAlpha1(argument: _dapr_proto_runtime_v1_TerminateWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  terminateWorkflowAlpha1(argument: _dapr_proto_runtime_v1_TerminateWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  TerminateWorkflowBeta1(argument: _dapr_proto_runtime_v1_TerminateWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  TerminateWorkflowBeta1(argument: _dapr_proto_runtime_v1_TerminateWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  TerminateWorkflowBeta1(argument: _dapr_proto_runtime_v1_TerminateWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  TerminateWorkflowBeta1(argument: _dapr_proto_runtime_v1_TerminateWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  terminateWorkflowBeta1(argument: _dapr_proto_runtime_v1_TerminateWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  terminateWorkflowBeta1(argument: _dapr_proto_runtime_v1_TerminateWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  terminateWorkflowBeta1(argument: _dapr_proto_runtime_v1_TerminateWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  terminateWorkflowBeta1(argument: _dapr_proto_runtime_v1_TerminateWorkflowRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  TryLockAlpha1(argument: _dapr_proto_runtime_v1_TryLockRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TryLockResponse__Output>): grpc.ClientUnaryCall;
  TryLockAlpha1(argument: _dapr_proto_runtime_v1_TryLockRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TryLockResponse__Output>): grpc.ClientUnaryCall;
  TryLockAlpha1(argument: _dapr_proto_runtime_v1_TryLockRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TryLockResponse__Output>): grpc.ClientUnaryCall;
  TryLockAlpha1(argument: _dapr_proto_runtime_v1_TryLockRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TryLockResponse__Output>): grpc.ClientUnaryCall;
  tryLockAlpha1(argument: _dapr_proto_runtime_v1_TryLockRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TryLockResponse__Output>): grpc.ClientUnaryCall;
  tryLockAlpha1(argument: _dapr_proto_runtime_v1_TryLockRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TryLockResponse__Output>): grpc.ClientUnaryCall;
  tryLockAlpha1(argument: _dapr_proto_runtime_v1_TryLockRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TryLockResponse__Output>): grpc.ClientUnaryCall;
  tryLockAlpha1(argument: _dapr_proto_runtime_v1_TryLockRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_TryLockResponse__Output>): grpc.ClientUnaryCall;
  
  UnlockAlpha1(argument: _dapr_proto_runtime_v1_UnlockRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnlockResponse__Output>): grpc.ClientUnaryCall;
  UnlockAlpha1(argument: _dapr_proto_runtime_v1_UnlockRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnlockResponse__Output>): grpc.ClientUnaryCall;
  UnlockAlpha1(argument: _dapr_proto_runtime_v1_UnlockRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnlockResponse__Output>): grpc.ClientUnaryCall;
  UnlockAlpha1(argument: _dapr_proto_runtime_v1_UnlockRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnlockResponse__Output>): grpc.ClientUnaryCall;
  unlockAlpha1(argument: _dapr_proto_runtime_v1_UnlockRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnlockResponse__Output>): grpc.ClientUnaryCall;
  unlockAlpha1(argument: _dapr_proto_runtime_v1_UnlockRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnlockResponse__Output>): grpc.ClientUnaryCall;
  unlockAlpha1(argument: _dapr_proto_runtime_v1_UnlockRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnlockResponse__Output>): grpc.ClientUnaryCall;
  unlockAlpha1(argument: _dapr_proto_runtime_v1_UnlockRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnlockResponse__Output>): grpc.ClientUnaryCall;
  
  UnregisterActorReminder(argument: _dapr_proto_runtime_v1_UnregisterActorReminderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  UnregisterActorReminder(argument: _dapr_proto_runtime_v1_UnregisterActorReminderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  UnregisterActorReminder(argument: _dapr_proto_runtime_v1_UnregisterActorReminderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  UnregisterActorReminder(argument: _dapr_proto_runtime_v1_UnregisterActorReminderRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  unregisterActorReminder(argument: _dapr_proto_runtime_v1_UnregisterActorReminderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  unregisterActorReminder(argument: _dapr_proto_runtime_v1_UnregisterActorReminderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  unregisterActorReminder(argument: _dapr_proto_runtime_v1_UnregisterActorReminderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  unregisterActorReminder(argument: _dapr_proto_runtime_v1_UnregisterActorReminderRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  UnregisterActorRemindersByType(argument: _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnregisterActorRemindersByTypeResponse__Output>): grpc.ClientUnaryCall;
  UnregisterActorRemindersByType(argument: _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnregisterActorRemindersByTypeResponse__Output>): grpc.ClientUnaryCall;
  UnregisterActorRemindersByType(argument: _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnregisterActorRemindersByTypeResponse__Output>): grpc.ClientUnaryCall;
  UnregisterActorRemindersByType(argument: _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnregisterActorRemindersByTypeResponse__Output>): grpc.ClientUnaryCall;
  unregisterActorRemindersByType(argument: _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnregisterActorRemindersByTypeResponse__Output>): grpc.ClientUnaryCall;
  unregisterActorRemindersByType(argument: _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnregisterActorRemindersByTypeResponse__Output>): grpc.ClientUnaryCall;
  unregisterActorRemindersByType(argument: _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnregisterActorRemindersByTypeResponse__Output>): grpc.ClientUnaryCall;
  unregisterActorRemindersByType(argument: _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnregisterActorRemindersByTypeResponse__Output>): grpc.ClientUnaryCall;
  
  UnregisterActorTimer(argument: _dapr_proto_runtime_v1_UnregisterActorTimerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  UnregisterActorTimer(argument: _dapr_proto_runtime_v1_UnregisterActorTimerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  UnregisterActorTimer(argument: _dapr_proto_runtime_v1_UnregisterActorTimerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  UnregisterActorTimer(argument: _dapr_proto_runtime_v1_UnregisterActorTimerRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  unregisterActorTimer(argument: _dapr_proto_runtime_v1_UnregisterActorTimerRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  unregisterActorTimer(argument: _dapr_proto_runtime_v1_UnregisterActorTimerRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  unregisterActorTimer(argument: _dapr_proto_runtime_v1_UnregisterActorTimerRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  unregisterActorTimer(argument: _dapr_proto_runtime_v1_UnregisterActorTimerRequest, callback: grpc.requestCallback<_google_protobuf_Empty__Output>): grpc.ClientUnaryCall;
  
  UnsubscribeConfiguration(argument: _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output>): grpc.ClientUnaryCall;
  UnsubscribeConfiguration(argument: _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output>): grpc.ClientUnaryCall;
  UnsubscribeConfiguration(argument: _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output>): grpc.ClientUnaryCall;
  UnsubscribeConfiguration(argument: _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output>): grpc.ClientUnaryCall;
  unsubscribeConfiguration(argument: _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output>): grpc.ClientUnaryCall;
  unsubscribeConfiguration(argument: _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output>): grpc.ClientUnaryCall;
  unsubscribeConfiguration(argument: _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output>): grpc.ClientUnaryCall;
  unsubscribeConfiguration(argument: _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output>): grpc.ClientUnaryCall;
  
  UnsubscribeConfigurationAlpha1(argument: _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output>): grpc.ClientUnaryCall;
  UnsubscribeConfigurationAlpha1(argument: _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output>): grpc.ClientUnaryCall;
  UnsubscribeConfigurationAlpha1(argument: _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output>): grpc.ClientUnaryCall;
  UnsubscribeConfigurationAlpha1(argument: _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output>): grpc.ClientUnaryCall;
  unsubscribeConfigurationAlpha1(argument: _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output>): grpc.ClientUnaryCall;
  unsubscribeConfigurationAlpha1(argument: _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output>): grpc.ClientUnaryCall;
  unsubscribeConfigurationAlpha1(argument: _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output>): grpc.ClientUnaryCall;
  unsubscribeConfigurationAlpha1(argument: _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, callback: grpc.requestCallback<_dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface DaprHandlers extends grpc.UntypedServiceImplementation {
  BulkPublishEvent: grpc.handleUnaryCall<_dapr_proto_runtime_v1_BulkPublishRequest__Output, _dapr_proto_runtime_v1_BulkPublishResponse>;
  
  BulkPublishEventAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_BulkPublishRequest__Output, _dapr_proto_runtime_v1_BulkPublishResponse>;
  
  ConverseAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_ConversationRequest__Output, _dapr_proto_runtime_v1_ConversationResponse>;
  
  ConverseAlpha2: grpc.handleUnaryCall<_dapr_proto_runtime_v1_ConversationRequestAlpha2__Output, _dapr_proto_runtime_v1_ConversationResponseAlpha2>;
  
  DecryptAlpha1: grpc.handleBidiStreamingCall<_dapr_proto_runtime_v1_DecryptRequest__Output, _dapr_proto_runtime_v1_DecryptResponse>;
  
  DeleteBulkState: grpc.handleUnaryCall<_dapr_proto_runtime_v1_DeleteBulkStateRequest__Output, _google_protobuf_Empty>;
  
  DeleteJob: grpc.handleUnaryCall<_dapr_proto_runtime_v1_DeleteJobRequest__Output, _dapr_proto_runtime_v1_DeleteJobResponse>;
  
  DeleteJobAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_DeleteJobRequest__Output, _dapr_proto_runtime_v1_DeleteJobResponse>;
  
  DeleteJobsByPrefix: grpc.handleUnaryCall<_dapr_proto_runtime_v1_DeleteJobsByPrefixRequest__Output, _dapr_proto_runtime_v1_DeleteJobsByPrefixResponse>;
  
  DeleteJobsByPrefixAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_DeleteJobsByPrefixRequestAlpha1__Output, _dapr_proto_runtime_v1_DeleteJobsByPrefixResponseAlpha1>;
  
  DeleteState: grpc.handleUnaryCall<_dapr_proto_runtime_v1_DeleteStateRequest__Output, _google_protobuf_Empty>;
  
  EncryptAlpha1: grpc.handleBidiStreamingCall<_dapr_proto_runtime_v1_EncryptRequest__Output, _dapr_proto_runtime_v1_EncryptResponse>;
  
  ExecuteActorStateTransaction: grpc.handleUnaryCall<_dapr_proto_runtime_v1_ExecuteActorStateTransactionRequest__Output, _google_protobuf_Empty>;
  
  ExecuteStateTransaction: grpc.handleUnaryCall<_dapr_proto_runtime_v1_ExecuteStateTransactionRequest__Output, _google_protobuf_Empty>;
  
  GetActorReminder: grpc.handleUnaryCall<_dapr_proto_runtime_v1_GetActorReminderRequest__Output, _dapr_proto_runtime_v1_GetActorReminderResponse>;
  
  GetActorState: grpc.handleUnaryCall<_dapr_proto_runtime_v1_GetActorStateRequest__Output, _dapr_proto_runtime_v1_GetActorStateResponse>;
  
  GetBulkSecret: grpc.handleUnaryCall<_dapr_proto_runtime_v1_GetBulkSecretRequest__Output, _dapr_proto_runtime_v1_GetBulkSecretResponse>;
  
  GetBulkState: grpc.handleUnaryCall<_dapr_proto_runtime_v1_GetBulkStateRequest__Output, _dapr_proto_runtime_v1_GetBulkStateResponse>;
  
  GetConfiguration: grpc.handleUnaryCall<_dapr_proto_runtime_v1_GetConfigurationRequest__Output, _dapr_proto_runtime_v1_GetConfigurationResponse>;
  
  GetConfigurationAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_GetConfigurationRequest__Output, _dapr_proto_runtime_v1_GetConfigurationResponse>;
  
  GetJob: grpc.handleUnaryCall<_dapr_proto_runtime_v1_GetJobRequest__Output, _dapr_proto_runtime_v1_GetJobResponse>;
  
  GetJobAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_GetJobRequest__Output, _dapr_proto_runtime_v1_GetJobResponse>;
  
  GetMetadata: grpc.handleUnaryCall<_dapr_proto_runtime_v1_GetMetadataRequest__Output, _dapr_proto_runtime_v1_GetMetadataResponse>;
  
  GetSecret: grpc.handleUnaryCall<_dapr_proto_runtime_v1_GetSecretRequest__Output, _dapr_proto_runtime_v1_GetSecretResponse>;
  
  GetState: grpc.handleUnaryCall<_dapr_proto_runtime_v1_GetStateRequest__Output, _dapr_proto_runtime_v1_GetStateResponse>;
  
  GetWorkflowAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_GetWorkflowRequest__Output, _dapr_proto_runtime_v1_GetWorkflowResponse>;
  
  GetWorkflowBeta1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_GetWorkflowRequest__Output, _dapr_proto_runtime_v1_GetWorkflowResponse>;
  
  InvokeActor: grpc.handleUnaryCall<_dapr_proto_runtime_v1_InvokeActorRequest__Output, _dapr_proto_runtime_v1_InvokeActorResponse>;
  
  InvokeBinding: grpc.handleUnaryCall<_dapr_proto_runtime_v1_InvokeBindingRequest__Output, _dapr_proto_runtime_v1_InvokeBindingResponse>;
  
  InvokeService: grpc.handleUnaryCall<_dapr_proto_runtime_v1_InvokeServiceRequest__Output, _dapr_proto_common_v1_InvokeResponse>;
  
  ListActorReminders: grpc.handleUnaryCall<_dapr_proto_runtime_v1_ListActorRemindersRequest__Output, _dapr_proto_runtime_v1_ListActorRemindersResponse>;
  
  ListJobs: grpc.handleUnaryCall<_dapr_proto_runtime_v1_ListJobsRequest__Output, _dapr_proto_runtime_v1_ListJobsResponse>;
  
  ListJobsAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_ListJobsRequestAlpha1__Output, _dapr_proto_runtime_v1_ListJobsResponseAlpha1>;
  
  PauseWorkflowAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_PauseWorkflowRequest__Output, _google_protobuf_Empty>;
  
  PauseWorkflowBeta1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_PauseWorkflowRequest__Output, _google_protobuf_Empty>;
  
  PublishEvent: grpc.handleUnaryCall<_dapr_proto_runtime_v1_PublishEventRequest__Output, _google_protobuf_Empty>;
  
  PurgeWorkflowAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_PurgeWorkflowRequest__Output, _google_protobuf_Empty>;
  
  PurgeWorkflowBeta1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_PurgeWorkflowRequest__Output, _google_protobuf_Empty>;
  
  QueryStateAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_QueryStateRequest__Output, _dapr_proto_runtime_v1_QueryStateResponse>;
  
  RaiseEventWorkflowAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_RaiseEventWorkflowRequest__Output, _google_protobuf_Empty>;
  
  RaiseEventWorkflowBeta1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_RaiseEventWorkflowRequest__Output, _google_protobuf_Empty>;
  
  RegisterActorReminder: grpc.handleUnaryCall<_dapr_proto_runtime_v1_RegisterActorReminderRequest__Output, _google_protobuf_Empty>;
  
  RegisterActorTimer: grpc.handleUnaryCall<_dapr_proto_runtime_v1_RegisterActorTimerRequest__Output, _google_protobuf_Empty>;
  
  ResumeWorkflowAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_ResumeWorkflowRequest__Output, _google_protobuf_Empty>;
  
  ResumeWorkflowBeta1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_ResumeWorkflowRequest__Output, _google_protobuf_Empty>;
  
  SaveState: grpc.handleUnaryCall<_dapr_proto_runtime_v1_SaveStateRequest__Output, _google_protobuf_Empty>;
  
  ScheduleJob: grpc.handleUnaryCall<_dapr_proto_runtime_v1_ScheduleJobRequest__Output, _dapr_proto_runtime_v1_ScheduleJobResponse>;
  
  ScheduleJobAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_ScheduleJobRequest__Output, _dapr_proto_runtime_v1_ScheduleJobResponse>;
  
  SetMetadata: grpc.handleUnaryCall<_dapr_proto_runtime_v1_SetMetadataRequest__Output, _google_protobuf_Empty>;
  
  Shutdown: grpc.handleUnaryCall<_dapr_proto_runtime_v1_ShutdownRequest__Output, _google_protobuf_Empty>;
  
  StartWorkflowAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_StartWorkflowRequest__Output, _dapr_proto_runtime_v1_StartWorkflowResponse>;
  
  StartWorkflowBeta1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_StartWorkflowRequest__Output, _dapr_proto_runtime_v1_StartWorkflowResponse>;
  
  SubscribeActorEventsAlpha1: grpc.handleBidiStreamingCall<_dapr_proto_runtime_v1_SubscribeActorEventsRequestAlpha1__Output, _dapr_proto_runtime_v1_SubscribeActorEventsResponseAlpha1>;
  
  SubscribeConfiguration: grpc.handleServerStreamingCall<_dapr_proto_runtime_v1_SubscribeConfigurationRequest__Output, _dapr_proto_runtime_v1_SubscribeConfigurationResponse>;
  
  SubscribeConfigurationAlpha1: grpc.handleServerStreamingCall<_dapr_proto_runtime_v1_SubscribeConfigurationRequest__Output, _dapr_proto_runtime_v1_SubscribeConfigurationResponse>;
  
  SubscribeTopicEventsAlpha1: grpc.handleBidiStreamingCall<_dapr_proto_runtime_v1_SubscribeTopicEventsRequestAlpha1__Output, _dapr_proto_runtime_v1_SubscribeTopicEventsResponseAlpha1>;
  
  SubtleDecryptAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_SubtleDecryptRequest__Output, _dapr_proto_runtime_v1_SubtleDecryptResponse>;
  
  SubtleEncryptAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_SubtleEncryptRequest__Output, _dapr_proto_runtime_v1_SubtleEncryptResponse>;
  
  SubtleGetKeyAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_SubtleGetKeyRequest__Output, _dapr_proto_runtime_v1_SubtleGetKeyResponse>;
  
  SubtleSignAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_SubtleSignRequest__Output, _dapr_proto_runtime_v1_SubtleSignResponse>;
  
  SubtleUnwrapKeyAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_SubtleUnwrapKeyRequest__Output, _dapr_proto_runtime_v1_SubtleUnwrapKeyResponse>;
  
  SubtleVerifyAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_SubtleVerifyRequest__Output, _dapr_proto_runtime_v1_SubtleVerifyResponse>;
  
  SubtleWrapKeyAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_SubtleWrapKeyRequest__Output, _dapr_proto_runtime_v1_SubtleWrapKeyResponse>;
  
  TerminateWorkflowAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_TerminateWorkflowRequest__Output, _google_protobuf_Empty>;
  
  TerminateWorkflowBeta1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_TerminateWorkflowRequest__Output, _google_protobuf_Empty>;
  
  TryLockAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_TryLockRequest__Output, _dapr_proto_runtime_v1_TryLockResponse>;
  
  UnlockAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_UnlockRequest__Output, _dapr_proto_runtime_v1_UnlockResponse>;
  
  UnregisterActorReminder: grpc.handleUnaryCall<_dapr_proto_runtime_v1_UnregisterActorReminderRequest__Output, _google_protobuf_Empty>;
  
  UnregisterActorRemindersByType: grpc.handleUnaryCall<_dapr_proto_runtime_v1_UnregisterActorRemindersByTypeRequest__Output, _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeResponse>;
  
  UnregisterActorTimer: grpc.handleUnaryCall<_dapr_proto_runtime_v1_UnregisterActorTimerRequest__Output, _google_protobuf_Empty>;
  
  UnsubscribeConfiguration: grpc.handleUnaryCall<_dapr_proto_runtime_v1_UnsubscribeConfigurationRequest__Output, _dapr_proto_runtime_v1_UnsubscribeConfigurationResponse>;
  
  UnsubscribeConfigurationAlpha1: grpc.handleUnaryCall<_dapr_proto_runtime_v1_UnsubscribeConfigurationRequest__Output, _dapr_proto_runtime_v1_UnsubscribeConfigurationResponse>;
  
}

export interface DaprDefinition extends grpc.ServiceDefinition {
  BulkPublishEvent: MethodDefinition<_dapr_proto_runtime_v1_BulkPublishRequest, _dapr_proto_runtime_v1_BulkPublishResponse, _dapr_proto_runtime_v1_BulkPublishRequest__Output, _dapr_proto_runtime_v1_BulkPublishResponse__Output>
  BulkPublishEventAlpha1: MethodDefinition<_dapr_proto_runtime_v1_BulkPublishRequest, _dapr_proto_runtime_v1_BulkPublishResponse, _dapr_proto_runtime_v1_BulkPublishRequest__Output, _dapr_proto_runtime_v1_BulkPublishResponse__Output>
  ConverseAlpha1: MethodDefinition<_dapr_proto_runtime_v1_ConversationRequest, _dapr_proto_runtime_v1_ConversationResponse, _dapr_proto_runtime_v1_ConversationRequest__Output, _dapr_proto_runtime_v1_ConversationResponse__Output>
  ConverseAlpha2: MethodDefinition<_dapr_proto_runtime_v1_ConversationRequestAlpha2, _dapr_proto_runtime_v1_ConversationResponseAlpha2, _dapr_proto_runtime_v1_ConversationRequestAlpha2__Output, _dapr_proto_runtime_v1_ConversationResponseAlpha2__Output>
  DecryptAlpha1: MethodDefinition<_dapr_proto_runtime_v1_DecryptRequest, _dapr_proto_runtime_v1_DecryptResponse, _dapr_proto_runtime_v1_DecryptRequest__Output, _dapr_proto_runtime_v1_DecryptResponse__Output>
  DeleteBulkState: MethodDefinition<_dapr_proto_runtime_v1_DeleteBulkStateRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_DeleteBulkStateRequest__Output, _google_protobuf_Empty__Output>
  DeleteJob: MethodDefinition<_dapr_proto_runtime_v1_DeleteJobRequest, _dapr_proto_runtime_v1_DeleteJobResponse, _dapr_proto_runtime_v1_DeleteJobRequest__Output, _dapr_proto_runtime_v1_DeleteJobResponse__Output>
  DeleteJobAlpha1: MethodDefinition<_dapr_proto_runtime_v1_DeleteJobRequest, _dapr_proto_runtime_v1_DeleteJobResponse, _dapr_proto_runtime_v1_DeleteJobRequest__Output, _dapr_proto_runtime_v1_DeleteJobResponse__Output>
  DeleteJobsByPrefix: MethodDefinition<_dapr_proto_runtime_v1_DeleteJobsByPrefixRequest, _dapr_proto_runtime_v1_DeleteJobsByPrefixResponse, _dapr_proto_runtime_v1_DeleteJobsByPrefixRequest__Output, _dapr_proto_runtime_v1_DeleteJobsByPrefixResponse__Output>
  DeleteJobsByPrefixAlpha1: MethodDefinition<_dapr_proto_runtime_v1_DeleteJobsByPrefixRequestAlpha1, _dapr_proto_runtime_v1_DeleteJobsByPrefixResponseAlpha1, _dapr_proto_runtime_v1_DeleteJobsByPrefixRequestAlpha1__Output, _dapr_proto_runtime_v1_DeleteJobsByPrefixResponseAlpha1__Output>
  DeleteState: MethodDefinition<_dapr_proto_runtime_v1_DeleteStateRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_DeleteStateRequest__Output, _google_protobuf_Empty__Output>
  EncryptAlpha1: MethodDefinition<_dapr_proto_runtime_v1_EncryptRequest, _dapr_proto_runtime_v1_EncryptResponse, _dapr_proto_runtime_v1_EncryptRequest__Output, _dapr_proto_runtime_v1_EncryptResponse__Output>
  ExecuteActorStateTransaction: MethodDefinition<_dapr_proto_runtime_v1_ExecuteActorStateTransactionRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_ExecuteActorStateTransactionRequest__Output, _google_protobuf_Empty__Output>
  ExecuteStateTransaction: MethodDefinition<_dapr_proto_runtime_v1_ExecuteStateTransactionRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_ExecuteStateTransactionRequest__Output, _google_protobuf_Empty__Output>
  GetActorReminder: MethodDefinition<_dapr_proto_runtime_v1_GetActorReminderRequest, _dapr_proto_runtime_v1_GetActorReminderResponse, _dapr_proto_runtime_v1_GetActorReminderRequest__Output, _dapr_proto_runtime_v1_GetActorReminderResponse__Output>
  GetActorState: MethodDefinition<_dapr_proto_runtime_v1_GetActorStateRequest, _dapr_proto_runtime_v1_GetActorStateResponse, _dapr_proto_runtime_v1_GetActorStateRequest__Output, _dapr_proto_runtime_v1_GetActorStateResponse__Output>
  GetBulkSecret: MethodDefinition<_dapr_proto_runtime_v1_GetBulkSecretRequest, _dapr_proto_runtime_v1_GetBulkSecretResponse, _dapr_proto_runtime_v1_GetBulkSecretRequest__Output, _dapr_proto_runtime_v1_GetBulkSecretResponse__Output>
  GetBulkState: MethodDefinition<_dapr_proto_runtime_v1_GetBulkStateRequest, _dapr_proto_runtime_v1_GetBulkStateResponse, _dapr_proto_runtime_v1_GetBulkStateRequest__Output, _dapr_proto_runtime_v1_GetBulkStateResponse__Output>
  GetConfiguration: MethodDefinition<_dapr_proto_runtime_v1_GetConfigurationRequest, _dapr_proto_runtime_v1_GetConfigurationResponse, _dapr_proto_runtime_v1_GetConfigurationRequest__Output, _dapr_proto_runtime_v1_GetConfigurationResponse__Output>
  GetConfigurationAlpha1: MethodDefinition<_dapr_proto_runtime_v1_GetConfigurationRequest, _dapr_proto_runtime_v1_GetConfigurationResponse, _dapr_proto_runtime_v1_GetConfigurationRequest__Output, _dapr_proto_runtime_v1_GetConfigurationResponse__Output>
  GetJob: MethodDefinition<_dapr_proto_runtime_v1_GetJobRequest, _dapr_proto_runtime_v1_GetJobResponse, _dapr_proto_runtime_v1_GetJobRequest__Output, _dapr_proto_runtime_v1_GetJobResponse__Output>
  GetJobAlpha1: MethodDefinition<_dapr_proto_runtime_v1_GetJobRequest, _dapr_proto_runtime_v1_GetJobResponse, _dapr_proto_runtime_v1_GetJobRequest__Output, _dapr_proto_runtime_v1_GetJobResponse__Output>
  GetMetadata: MethodDefinition<_dapr_proto_runtime_v1_GetMetadataRequest, _dapr_proto_runtime_v1_GetMetadataResponse, _dapr_proto_runtime_v1_GetMetadataRequest__Output, _dapr_proto_runtime_v1_GetMetadataResponse__Output>
  GetSecret: MethodDefinition<_dapr_proto_runtime_v1_GetSecretRequest, _dapr_proto_runtime_v1_GetSecretResponse, _dapr_proto_runtime_v1_GetSecretRequest__Output, _dapr_proto_runtime_v1_GetSecretResponse__Output>
  GetState: MethodDefinition<_dapr_proto_runtime_v1_GetStateRequest, _dapr_proto_runtime_v1_GetStateResponse, _dapr_proto_runtime_v1_GetStateRequest__Output, _dapr_proto_runtime_v1_GetStateResponse__Output>
  GetWorkflowAlpha1: MethodDefinition<_dapr_proto_runtime_v1_GetWorkflowRequest, _dapr_proto_runtime_v1_GetWorkflowResponse, _dapr_proto_runtime_v1_GetWorkflowRequest__Output, _dapr_proto_runtime_v1_GetWorkflowResponse__Output>
  GetWorkflowBeta1: MethodDefinition<_dapr_proto_runtime_v1_GetWorkflowRequest, _dapr_proto_runtime_v1_GetWorkflowResponse, _dapr_proto_runtime_v1_GetWorkflowRequest__Output, _dapr_proto_runtime_v1_GetWorkflowResponse__Output>
  InvokeActor: MethodDefinition<_dapr_proto_runtime_v1_InvokeActorRequest, _dapr_proto_runtime_v1_InvokeActorResponse, _dapr_proto_runtime_v1_InvokeActorRequest__Output, _dapr_proto_runtime_v1_InvokeActorResponse__Output>
  InvokeBinding: MethodDefinition<_dapr_proto_runtime_v1_InvokeBindingRequest, _dapr_proto_runtime_v1_InvokeBindingResponse, _dapr_proto_runtime_v1_InvokeBindingRequest__Output, _dapr_proto_runtime_v1_InvokeBindingResponse__Output>
  InvokeService: MethodDefinition<_dapr_proto_runtime_v1_InvokeServiceRequest, _dapr_proto_common_v1_InvokeResponse, _dapr_proto_runtime_v1_InvokeServiceRequest__Output, _dapr_proto_common_v1_InvokeResponse__Output>
  ListActorReminders: MethodDefinition<_dapr_proto_runtime_v1_ListActorRemindersRequest, _dapr_proto_runtime_v1_ListActorRemindersResponse, _dapr_proto_runtime_v1_ListActorRemindersRequest__Output, _dapr_proto_runtime_v1_ListActorRemindersResponse__Output>
  ListJobs: MethodDefinition<_dapr_proto_runtime_v1_ListJobsRequest, _dapr_proto_runtime_v1_ListJobsResponse, _dapr_proto_runtime_v1_ListJobsRequest__Output, _dapr_proto_runtime_v1_ListJobsResponse__Output>
  ListJobsAlpha1: MethodDefinition<_dapr_proto_runtime_v1_ListJobsRequestAlpha1, _dapr_proto_runtime_v1_ListJobsResponseAlpha1, _dapr_proto_runtime_v1_ListJobsRequestAlpha1__Output, _dapr_proto_runtime_v1_ListJobsResponseAlpha1__Output>
  PauseWorkflowAlpha1: MethodDefinition<_dapr_proto_runtime_v1_PauseWorkflowRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_PauseWorkflowRequest__Output, _google_protobuf_Empty__Output>
  PauseWorkflowBeta1: MethodDefinition<_dapr_proto_runtime_v1_PauseWorkflowRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_PauseWorkflowRequest__Output, _google_protobuf_Empty__Output>
  PublishEvent: MethodDefinition<_dapr_proto_runtime_v1_PublishEventRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_PublishEventRequest__Output, _google_protobuf_Empty__Output>
  PurgeWorkflowAlpha1: MethodDefinition<_dapr_proto_runtime_v1_PurgeWorkflowRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_PurgeWorkflowRequest__Output, _google_protobuf_Empty__Output>
  PurgeWorkflowBeta1: MethodDefinition<_dapr_proto_runtime_v1_PurgeWorkflowRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_PurgeWorkflowRequest__Output, _google_protobuf_Empty__Output>
  QueryStateAlpha1: MethodDefinition<_dapr_proto_runtime_v1_QueryStateRequest, _dapr_proto_runtime_v1_QueryStateResponse, _dapr_proto_runtime_v1_QueryStateRequest__Output, _dapr_proto_runtime_v1_QueryStateResponse__Output>
  RaiseEventWorkflowAlpha1: MethodDefinition<_dapr_proto_runtime_v1_RaiseEventWorkflowRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_RaiseEventWorkflowRequest__Output, _google_protobuf_Empty__Output>
  RaiseEventWorkflowBeta1: MethodDefinition<_dapr_proto_runtime_v1_RaiseEventWorkflowRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_RaiseEventWorkflowRequest__Output, _google_protobuf_Empty__Output>
  RegisterActorReminder: MethodDefinition<_dapr_proto_runtime_v1_RegisterActorReminderRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_RegisterActorReminderRequest__Output, _google_protobuf_Empty__Output>
  RegisterActorTimer: MethodDefinition<_dapr_proto_runtime_v1_RegisterActorTimerRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_RegisterActorTimerRequest__Output, _google_protobuf_Empty__Output>
  ResumeWorkflowAlpha1: MethodDefinition<_dapr_proto_runtime_v1_ResumeWorkflowRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_ResumeWorkflowRequest__Output, _google_protobuf_Empty__Output>
  ResumeWorkflowBeta1: MethodDefinition<_dapr_proto_runtime_v1_ResumeWorkflowRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_ResumeWorkflowRequest__Output, _google_protobuf_Empty__Output>
  SaveState: MethodDefinition<_dapr_proto_runtime_v1_SaveStateRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_SaveStateRequest__Output, _google_protobuf_Empty__Output>
  ScheduleJob: MethodDefinition<_dapr_proto_runtime_v1_ScheduleJobRequest, _dapr_proto_runtime_v1_ScheduleJobResponse, _dapr_proto_runtime_v1_ScheduleJobRequest__Output, _dapr_proto_runtime_v1_ScheduleJobResponse__Output>
  ScheduleJobAlpha1: MethodDefinition<_dapr_proto_runtime_v1_ScheduleJobRequest, _dapr_proto_runtime_v1_ScheduleJobResponse, _dapr_proto_runtime_v1_ScheduleJobRequest__Output, _dapr_proto_runtime_v1_ScheduleJobResponse__Output>
  SetMetadata: MethodDefinition<_dapr_proto_runtime_v1_SetMetadataRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_SetMetadataRequest__Output, _google_protobuf_Empty__Output>
  Shutdown: MethodDefinition<_dapr_proto_runtime_v1_ShutdownRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_ShutdownRequest__Output, _google_protobuf_Empty__Output>
  StartWorkflowAlpha1: MethodDefinition<_dapr_proto_runtime_v1_StartWorkflowRequest, _dapr_proto_runtime_v1_StartWorkflowResponse, _dapr_proto_runtime_v1_StartWorkflowRequest__Output, _dapr_proto_runtime_v1_StartWorkflowResponse__Output>
  StartWorkflowBeta1: MethodDefinition<_dapr_proto_runtime_v1_StartWorkflowRequest, _dapr_proto_runtime_v1_StartWorkflowResponse, _dapr_proto_runtime_v1_StartWorkflowRequest__Output, _dapr_proto_runtime_v1_StartWorkflowResponse__Output>
  SubscribeActorEventsAlpha1: MethodDefinition<_dapr_proto_runtime_v1_SubscribeActorEventsRequestAlpha1, _dapr_proto_runtime_v1_SubscribeActorEventsResponseAlpha1, _dapr_proto_runtime_v1_SubscribeActorEventsRequestAlpha1__Output, _dapr_proto_runtime_v1_SubscribeActorEventsResponseAlpha1__Output>
  SubscribeConfiguration: MethodDefinition<_dapr_proto_runtime_v1_SubscribeConfigurationRequest, _dapr_proto_runtime_v1_SubscribeConfigurationResponse, _dapr_proto_runtime_v1_SubscribeConfigurationRequest__Output, _dapr_proto_runtime_v1_SubscribeConfigurationResponse__Output>
  SubscribeConfigurationAlpha1: MethodDefinition<_dapr_proto_runtime_v1_SubscribeConfigurationRequest, _dapr_proto_runtime_v1_SubscribeConfigurationResponse, _dapr_proto_runtime_v1_SubscribeConfigurationRequest__Output, _dapr_proto_runtime_v1_SubscribeConfigurationResponse__Output>
  SubscribeTopicEventsAlpha1: MethodDefinition<_dapr_proto_runtime_v1_SubscribeTopicEventsRequestAlpha1, _dapr_proto_runtime_v1_SubscribeTopicEventsResponseAlpha1, _dapr_proto_runtime_v1_SubscribeTopicEventsRequestAlpha1__Output, _dapr_proto_runtime_v1_SubscribeTopicEventsResponseAlpha1__Output>
  SubtleDecryptAlpha1: MethodDefinition<_dapr_proto_runtime_v1_SubtleDecryptRequest, _dapr_proto_runtime_v1_SubtleDecryptResponse, _dapr_proto_runtime_v1_SubtleDecryptRequest__Output, _dapr_proto_runtime_v1_SubtleDecryptResponse__Output>
  SubtleEncryptAlpha1: MethodDefinition<_dapr_proto_runtime_v1_SubtleEncryptRequest, _dapr_proto_runtime_v1_SubtleEncryptResponse, _dapr_proto_runtime_v1_SubtleEncryptRequest__Output, _dapr_proto_runtime_v1_SubtleEncryptResponse__Output>
  SubtleGetKeyAlpha1: MethodDefinition<_dapr_proto_runtime_v1_SubtleGetKeyRequest, _dapr_proto_runtime_v1_SubtleGetKeyResponse, _dapr_proto_runtime_v1_SubtleGetKeyRequest__Output, _dapr_proto_runtime_v1_SubtleGetKeyResponse__Output>
  SubtleSignAlpha1: MethodDefinition<_dapr_proto_runtime_v1_SubtleSignRequest, _dapr_proto_runtime_v1_SubtleSignResponse, _dapr_proto_runtime_v1_SubtleSignRequest__Output, _dapr_proto_runtime_v1_SubtleSignResponse__Output>
  SubtleUnwrapKeyAlpha1: MethodDefinition<_dapr_proto_runtime_v1_SubtleUnwrapKeyRequest, _dapr_proto_runtime_v1_SubtleUnwrapKeyResponse, _dapr_proto_runtime_v1_SubtleUnwrapKeyRequest__Output, _dapr_proto_runtime_v1_SubtleUnwrapKeyResponse__Output>
  SubtleVerifyAlpha1: MethodDefinition<_dapr_proto_runtime_v1_SubtleVerifyRequest, _dapr_proto_runtime_v1_SubtleVerifyResponse, _dapr_proto_runtime_v1_SubtleVerifyRequest__Output, _dapr_proto_runtime_v1_SubtleVerifyResponse__Output>
  SubtleWrapKeyAlpha1: MethodDefinition<_dapr_proto_runtime_v1_SubtleWrapKeyRequest, _dapr_proto_runtime_v1_SubtleWrapKeyResponse, _dapr_proto_runtime_v1_SubtleWrapKeyRequest__Output, _dapr_proto_runtime_v1_SubtleWrapKeyResponse__Output>
  TerminateWorkflowAlpha1: MethodDefinition<_dapr_proto_runtime_v1_TerminateWorkflowRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_TerminateWorkflowRequest__Output, _google_protobuf_Empty__Output>
  TerminateWorkflowBeta1: MethodDefinition<_dapr_proto_runtime_v1_TerminateWorkflowRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_TerminateWorkflowRequest__Output, _google_protobuf_Empty__Output>
  TryLockAlpha1: MethodDefinition<_dapr_proto_runtime_v1_TryLockRequest, _dapr_proto_runtime_v1_TryLockResponse, _dapr_proto_runtime_v1_TryLockRequest__Output, _dapr_proto_runtime_v1_TryLockResponse__Output>
  UnlockAlpha1: MethodDefinition<_dapr_proto_runtime_v1_UnlockRequest, _dapr_proto_runtime_v1_UnlockResponse, _dapr_proto_runtime_v1_UnlockRequest__Output, _dapr_proto_runtime_v1_UnlockResponse__Output>
  UnregisterActorReminder: MethodDefinition<_dapr_proto_runtime_v1_UnregisterActorReminderRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_UnregisterActorReminderRequest__Output, _google_protobuf_Empty__Output>
  UnregisterActorRemindersByType: MethodDefinition<_dapr_proto_runtime_v1_UnregisterActorRemindersByTypeRequest, _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeResponse, _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeRequest__Output, _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeResponse__Output>
  UnregisterActorTimer: MethodDefinition<_dapr_proto_runtime_v1_UnregisterActorTimerRequest, _google_protobuf_Empty, _dapr_proto_runtime_v1_UnregisterActorTimerRequest__Output, _google_protobuf_Empty__Output>
  UnsubscribeConfiguration: MethodDefinition<_dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, _dapr_proto_runtime_v1_UnsubscribeConfigurationResponse, _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest__Output, _dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output>
  UnsubscribeConfigurationAlpha1: MethodDefinition<_dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, _dapr_proto_runtime_v1_UnsubscribeConfigurationResponse, _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest__Output, _dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output>
}
