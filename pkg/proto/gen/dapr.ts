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
import type { ActiveActorsCount as _dapr_proto_runtime_v1_ActiveActorsCount, ActiveActorsCount__Output as _dapr_proto_runtime_v1_ActiveActorsCount__Output } from './dapr/proto/runtime/v1/ActiveActorsCount.js';
import type { ActorEntityConfig as _dapr_proto_runtime_v1_ActorEntityConfig, ActorEntityConfig__Output as _dapr_proto_runtime_v1_ActorEntityConfig__Output } from './dapr/proto/runtime/v1/ActorEntityConfig.js';
import type { ActorReentrancyConfig as _dapr_proto_runtime_v1_ActorReentrancyConfig, ActorReentrancyConfig__Output as _dapr_proto_runtime_v1_ActorReentrancyConfig__Output } from './dapr/proto/runtime/v1/ActorReentrancyConfig.js';
import type { ActorReminder as _dapr_proto_runtime_v1_ActorReminder, ActorReminder__Output as _dapr_proto_runtime_v1_ActorReminder__Output } from './dapr/proto/runtime/v1/ActorReminder.js';
import type { ActorRuntime as _dapr_proto_runtime_v1_ActorRuntime, ActorRuntime__Output as _dapr_proto_runtime_v1_ActorRuntime__Output } from './dapr/proto/runtime/v1/ActorRuntime.js';
import type { AppCallbackClient as _dapr_proto_runtime_v1_AppCallbackClient, AppCallbackDefinition as _dapr_proto_runtime_v1_AppCallbackDefinition } from './dapr/proto/runtime/v1/AppCallback.js';
import type { AppCallbackAlphaClient as _dapr_proto_runtime_v1_AppCallbackAlphaClient, AppCallbackAlphaDefinition as _dapr_proto_runtime_v1_AppCallbackAlphaDefinition } from './dapr/proto/runtime/v1/AppCallbackAlpha.js';
import type { AppCallbackHealthCheckClient as _dapr_proto_runtime_v1_AppCallbackHealthCheckClient, AppCallbackHealthCheckDefinition as _dapr_proto_runtime_v1_AppCallbackHealthCheckDefinition } from './dapr/proto/runtime/v1/AppCallbackHealthCheck.js';
import type { AppConnectionHealthProperties as _dapr_proto_runtime_v1_AppConnectionHealthProperties, AppConnectionHealthProperties__Output as _dapr_proto_runtime_v1_AppConnectionHealthProperties__Output } from './dapr/proto/runtime/v1/AppConnectionHealthProperties.js';
import type { AppConnectionProperties as _dapr_proto_runtime_v1_AppConnectionProperties, AppConnectionProperties__Output as _dapr_proto_runtime_v1_AppConnectionProperties__Output } from './dapr/proto/runtime/v1/AppConnectionProperties.js';
import type { BindingEventRequest as _dapr_proto_runtime_v1_BindingEventRequest, BindingEventRequest__Output as _dapr_proto_runtime_v1_BindingEventRequest__Output } from './dapr/proto/runtime/v1/BindingEventRequest.js';
import type { BindingEventResponse as _dapr_proto_runtime_v1_BindingEventResponse, BindingEventResponse__Output as _dapr_proto_runtime_v1_BindingEventResponse__Output } from './dapr/proto/runtime/v1/BindingEventResponse.js';
import type { BulkPublishRequest as _dapr_proto_runtime_v1_BulkPublishRequest, BulkPublishRequest__Output as _dapr_proto_runtime_v1_BulkPublishRequest__Output } from './dapr/proto/runtime/v1/BulkPublishRequest.js';
import type { BulkPublishRequestEntry as _dapr_proto_runtime_v1_BulkPublishRequestEntry, BulkPublishRequestEntry__Output as _dapr_proto_runtime_v1_BulkPublishRequestEntry__Output } from './dapr/proto/runtime/v1/BulkPublishRequestEntry.js';
import type { BulkPublishResponse as _dapr_proto_runtime_v1_BulkPublishResponse, BulkPublishResponse__Output as _dapr_proto_runtime_v1_BulkPublishResponse__Output } from './dapr/proto/runtime/v1/BulkPublishResponse.js';
import type { BulkPublishResponseFailedEntry as _dapr_proto_runtime_v1_BulkPublishResponseFailedEntry, BulkPublishResponseFailedEntry__Output as _dapr_proto_runtime_v1_BulkPublishResponseFailedEntry__Output } from './dapr/proto/runtime/v1/BulkPublishResponseFailedEntry.js';
import type { BulkStateItem as _dapr_proto_runtime_v1_BulkStateItem, BulkStateItem__Output as _dapr_proto_runtime_v1_BulkStateItem__Output } from './dapr/proto/runtime/v1/BulkStateItem.js';
import type { BulkSubscribeConfig as _dapr_proto_runtime_v1_BulkSubscribeConfig, BulkSubscribeConfig__Output as _dapr_proto_runtime_v1_BulkSubscribeConfig__Output } from './dapr/proto/runtime/v1/BulkSubscribeConfig.js';
import type { ConversationInput as _dapr_proto_runtime_v1_ConversationInput, ConversationInput__Output as _dapr_proto_runtime_v1_ConversationInput__Output } from './dapr/proto/runtime/v1/ConversationInput.js';
import type { ConversationInputAlpha2 as _dapr_proto_runtime_v1_ConversationInputAlpha2, ConversationInputAlpha2__Output as _dapr_proto_runtime_v1_ConversationInputAlpha2__Output } from './dapr/proto/runtime/v1/ConversationInputAlpha2.js';
import type { ConversationMessage as _dapr_proto_runtime_v1_ConversationMessage, ConversationMessage__Output as _dapr_proto_runtime_v1_ConversationMessage__Output } from './dapr/proto/runtime/v1/ConversationMessage.js';
import type { ConversationMessageContent as _dapr_proto_runtime_v1_ConversationMessageContent, ConversationMessageContent__Output as _dapr_proto_runtime_v1_ConversationMessageContent__Output } from './dapr/proto/runtime/v1/ConversationMessageContent.js';
import type { ConversationMessageOfAssistant as _dapr_proto_runtime_v1_ConversationMessageOfAssistant, ConversationMessageOfAssistant__Output as _dapr_proto_runtime_v1_ConversationMessageOfAssistant__Output } from './dapr/proto/runtime/v1/ConversationMessageOfAssistant.js';
import type { ConversationMessageOfDeveloper as _dapr_proto_runtime_v1_ConversationMessageOfDeveloper, ConversationMessageOfDeveloper__Output as _dapr_proto_runtime_v1_ConversationMessageOfDeveloper__Output } from './dapr/proto/runtime/v1/ConversationMessageOfDeveloper.js';
import type { ConversationMessageOfSystem as _dapr_proto_runtime_v1_ConversationMessageOfSystem, ConversationMessageOfSystem__Output as _dapr_proto_runtime_v1_ConversationMessageOfSystem__Output } from './dapr/proto/runtime/v1/ConversationMessageOfSystem.js';
import type { ConversationMessageOfTool as _dapr_proto_runtime_v1_ConversationMessageOfTool, ConversationMessageOfTool__Output as _dapr_proto_runtime_v1_ConversationMessageOfTool__Output } from './dapr/proto/runtime/v1/ConversationMessageOfTool.js';
import type { ConversationMessageOfUser as _dapr_proto_runtime_v1_ConversationMessageOfUser, ConversationMessageOfUser__Output as _dapr_proto_runtime_v1_ConversationMessageOfUser__Output } from './dapr/proto/runtime/v1/ConversationMessageOfUser.js';
import type { ConversationRequest as _dapr_proto_runtime_v1_ConversationRequest, ConversationRequest__Output as _dapr_proto_runtime_v1_ConversationRequest__Output } from './dapr/proto/runtime/v1/ConversationRequest.js';
import type { ConversationRequestAlpha2 as _dapr_proto_runtime_v1_ConversationRequestAlpha2, ConversationRequestAlpha2__Output as _dapr_proto_runtime_v1_ConversationRequestAlpha2__Output } from './dapr/proto/runtime/v1/ConversationRequestAlpha2.js';
import type { ConversationResponse as _dapr_proto_runtime_v1_ConversationResponse, ConversationResponse__Output as _dapr_proto_runtime_v1_ConversationResponse__Output } from './dapr/proto/runtime/v1/ConversationResponse.js';
import type { ConversationResponseAlpha2 as _dapr_proto_runtime_v1_ConversationResponseAlpha2, ConversationResponseAlpha2__Output as _dapr_proto_runtime_v1_ConversationResponseAlpha2__Output } from './dapr/proto/runtime/v1/ConversationResponseAlpha2.js';
import type { ConversationResult as _dapr_proto_runtime_v1_ConversationResult, ConversationResult__Output as _dapr_proto_runtime_v1_ConversationResult__Output } from './dapr/proto/runtime/v1/ConversationResult.js';
import type { ConversationResultAlpha2 as _dapr_proto_runtime_v1_ConversationResultAlpha2, ConversationResultAlpha2__Output as _dapr_proto_runtime_v1_ConversationResultAlpha2__Output } from './dapr/proto/runtime/v1/ConversationResultAlpha2.js';
import type { ConversationResultAlpha2CompletionUsage as _dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsage, ConversationResultAlpha2CompletionUsage__Output as _dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsage__Output } from './dapr/proto/runtime/v1/ConversationResultAlpha2CompletionUsage.js';
import type { ConversationResultAlpha2CompletionUsageCompletionTokensDetails as _dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsageCompletionTokensDetails, ConversationResultAlpha2CompletionUsageCompletionTokensDetails__Output as _dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsageCompletionTokensDetails__Output } from './dapr/proto/runtime/v1/ConversationResultAlpha2CompletionUsageCompletionTokensDetails.js';
import type { ConversationResultAlpha2CompletionUsagePromptTokensDetails as _dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsagePromptTokensDetails, ConversationResultAlpha2CompletionUsagePromptTokensDetails__Output as _dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsagePromptTokensDetails__Output } from './dapr/proto/runtime/v1/ConversationResultAlpha2CompletionUsagePromptTokensDetails.js';
import type { ConversationResultChoices as _dapr_proto_runtime_v1_ConversationResultChoices, ConversationResultChoices__Output as _dapr_proto_runtime_v1_ConversationResultChoices__Output } from './dapr/proto/runtime/v1/ConversationResultChoices.js';
import type { ConversationResultMessage as _dapr_proto_runtime_v1_ConversationResultMessage, ConversationResultMessage__Output as _dapr_proto_runtime_v1_ConversationResultMessage__Output } from './dapr/proto/runtime/v1/ConversationResultMessage.js';
import type { ConversationToolCalls as _dapr_proto_runtime_v1_ConversationToolCalls, ConversationToolCalls__Output as _dapr_proto_runtime_v1_ConversationToolCalls__Output } from './dapr/proto/runtime/v1/ConversationToolCalls.js';
import type { ConversationToolCallsOfFunction as _dapr_proto_runtime_v1_ConversationToolCallsOfFunction, ConversationToolCallsOfFunction__Output as _dapr_proto_runtime_v1_ConversationToolCallsOfFunction__Output } from './dapr/proto/runtime/v1/ConversationToolCallsOfFunction.js';
import type { ConversationTools as _dapr_proto_runtime_v1_ConversationTools, ConversationTools__Output as _dapr_proto_runtime_v1_ConversationTools__Output } from './dapr/proto/runtime/v1/ConversationTools.js';
import type { ConversationToolsFunction as _dapr_proto_runtime_v1_ConversationToolsFunction, ConversationToolsFunction__Output as _dapr_proto_runtime_v1_ConversationToolsFunction__Output } from './dapr/proto/runtime/v1/ConversationToolsFunction.js';
import type { DaprClient as _dapr_proto_runtime_v1_DaprClient, DaprDefinition as _dapr_proto_runtime_v1_DaprDefinition } from './dapr/proto/runtime/v1/Dapr.js';
import type { DecryptRequest as _dapr_proto_runtime_v1_DecryptRequest, DecryptRequest__Output as _dapr_proto_runtime_v1_DecryptRequest__Output } from './dapr/proto/runtime/v1/DecryptRequest.js';
import type { DecryptRequestOptions as _dapr_proto_runtime_v1_DecryptRequestOptions, DecryptRequestOptions__Output as _dapr_proto_runtime_v1_DecryptRequestOptions__Output } from './dapr/proto/runtime/v1/DecryptRequestOptions.js';
import type { DecryptResponse as _dapr_proto_runtime_v1_DecryptResponse, DecryptResponse__Output as _dapr_proto_runtime_v1_DecryptResponse__Output } from './dapr/proto/runtime/v1/DecryptResponse.js';
import type { DeleteBulkStateRequest as _dapr_proto_runtime_v1_DeleteBulkStateRequest, DeleteBulkStateRequest__Output as _dapr_proto_runtime_v1_DeleteBulkStateRequest__Output } from './dapr/proto/runtime/v1/DeleteBulkStateRequest.js';
import type { DeleteJobRequest as _dapr_proto_runtime_v1_DeleteJobRequest, DeleteJobRequest__Output as _dapr_proto_runtime_v1_DeleteJobRequest__Output } from './dapr/proto/runtime/v1/DeleteJobRequest.js';
import type { DeleteJobResponse as _dapr_proto_runtime_v1_DeleteJobResponse, DeleteJobResponse__Output as _dapr_proto_runtime_v1_DeleteJobResponse__Output } from './dapr/proto/runtime/v1/DeleteJobResponse.js';
import type { DeleteJobsByPrefixRequest as _dapr_proto_runtime_v1_DeleteJobsByPrefixRequest, DeleteJobsByPrefixRequest__Output as _dapr_proto_runtime_v1_DeleteJobsByPrefixRequest__Output } from './dapr/proto/runtime/v1/DeleteJobsByPrefixRequest.js';
import type { DeleteJobsByPrefixRequestAlpha1 as _dapr_proto_runtime_v1_DeleteJobsByPrefixRequestAlpha1, DeleteJobsByPrefixRequestAlpha1__Output as _dapr_proto_runtime_v1_DeleteJobsByPrefixRequestAlpha1__Output } from './dapr/proto/runtime/v1/DeleteJobsByPrefixRequestAlpha1.js';
import type { DeleteJobsByPrefixResponse as _dapr_proto_runtime_v1_DeleteJobsByPrefixResponse, DeleteJobsByPrefixResponse__Output as _dapr_proto_runtime_v1_DeleteJobsByPrefixResponse__Output } from './dapr/proto/runtime/v1/DeleteJobsByPrefixResponse.js';
import type { DeleteJobsByPrefixResponseAlpha1 as _dapr_proto_runtime_v1_DeleteJobsByPrefixResponseAlpha1, DeleteJobsByPrefixResponseAlpha1__Output as _dapr_proto_runtime_v1_DeleteJobsByPrefixResponseAlpha1__Output } from './dapr/proto/runtime/v1/DeleteJobsByPrefixResponseAlpha1.js';
import type { DeleteStateRequest as _dapr_proto_runtime_v1_DeleteStateRequest, DeleteStateRequest__Output as _dapr_proto_runtime_v1_DeleteStateRequest__Output } from './dapr/proto/runtime/v1/DeleteStateRequest.js';
import type { EncryptRequest as _dapr_proto_runtime_v1_EncryptRequest, EncryptRequest__Output as _dapr_proto_runtime_v1_EncryptRequest__Output } from './dapr/proto/runtime/v1/EncryptRequest.js';
import type { EncryptRequestOptions as _dapr_proto_runtime_v1_EncryptRequestOptions, EncryptRequestOptions__Output as _dapr_proto_runtime_v1_EncryptRequestOptions__Output } from './dapr/proto/runtime/v1/EncryptRequestOptions.js';
import type { EncryptResponse as _dapr_proto_runtime_v1_EncryptResponse, EncryptResponse__Output as _dapr_proto_runtime_v1_EncryptResponse__Output } from './dapr/proto/runtime/v1/EncryptResponse.js';
import type { ExecuteActorStateTransactionRequest as _dapr_proto_runtime_v1_ExecuteActorStateTransactionRequest, ExecuteActorStateTransactionRequest__Output as _dapr_proto_runtime_v1_ExecuteActorStateTransactionRequest__Output } from './dapr/proto/runtime/v1/ExecuteActorStateTransactionRequest.js';
import type { ExecuteStateTransactionRequest as _dapr_proto_runtime_v1_ExecuteStateTransactionRequest, ExecuteStateTransactionRequest__Output as _dapr_proto_runtime_v1_ExecuteStateTransactionRequest__Output } from './dapr/proto/runtime/v1/ExecuteStateTransactionRequest.js';
import type { GetActorReminderRequest as _dapr_proto_runtime_v1_GetActorReminderRequest, GetActorReminderRequest__Output as _dapr_proto_runtime_v1_GetActorReminderRequest__Output } from './dapr/proto/runtime/v1/GetActorReminderRequest.js';
import type { GetActorReminderResponse as _dapr_proto_runtime_v1_GetActorReminderResponse, GetActorReminderResponse__Output as _dapr_proto_runtime_v1_GetActorReminderResponse__Output } from './dapr/proto/runtime/v1/GetActorReminderResponse.js';
import type { GetActorStateRequest as _dapr_proto_runtime_v1_GetActorStateRequest, GetActorStateRequest__Output as _dapr_proto_runtime_v1_GetActorStateRequest__Output } from './dapr/proto/runtime/v1/GetActorStateRequest.js';
import type { GetActorStateResponse as _dapr_proto_runtime_v1_GetActorStateResponse, GetActorStateResponse__Output as _dapr_proto_runtime_v1_GetActorStateResponse__Output } from './dapr/proto/runtime/v1/GetActorStateResponse.js';
import type { GetBulkSecretRequest as _dapr_proto_runtime_v1_GetBulkSecretRequest, GetBulkSecretRequest__Output as _dapr_proto_runtime_v1_GetBulkSecretRequest__Output } from './dapr/proto/runtime/v1/GetBulkSecretRequest.js';
import type { GetBulkSecretResponse as _dapr_proto_runtime_v1_GetBulkSecretResponse, GetBulkSecretResponse__Output as _dapr_proto_runtime_v1_GetBulkSecretResponse__Output } from './dapr/proto/runtime/v1/GetBulkSecretResponse.js';
import type { GetBulkStateRequest as _dapr_proto_runtime_v1_GetBulkStateRequest, GetBulkStateRequest__Output as _dapr_proto_runtime_v1_GetBulkStateRequest__Output } from './dapr/proto/runtime/v1/GetBulkStateRequest.js';
import type { GetBulkStateResponse as _dapr_proto_runtime_v1_GetBulkStateResponse, GetBulkStateResponse__Output as _dapr_proto_runtime_v1_GetBulkStateResponse__Output } from './dapr/proto/runtime/v1/GetBulkStateResponse.js';
import type { GetConfigurationRequest as _dapr_proto_runtime_v1_GetConfigurationRequest, GetConfigurationRequest__Output as _dapr_proto_runtime_v1_GetConfigurationRequest__Output } from './dapr/proto/runtime/v1/GetConfigurationRequest.js';
import type { GetConfigurationResponse as _dapr_proto_runtime_v1_GetConfigurationResponse, GetConfigurationResponse__Output as _dapr_proto_runtime_v1_GetConfigurationResponse__Output } from './dapr/proto/runtime/v1/GetConfigurationResponse.js';
import type { GetJobRequest as _dapr_proto_runtime_v1_GetJobRequest, GetJobRequest__Output as _dapr_proto_runtime_v1_GetJobRequest__Output } from './dapr/proto/runtime/v1/GetJobRequest.js';
import type { GetJobResponse as _dapr_proto_runtime_v1_GetJobResponse, GetJobResponse__Output as _dapr_proto_runtime_v1_GetJobResponse__Output } from './dapr/proto/runtime/v1/GetJobResponse.js';
import type { GetMetadataRequest as _dapr_proto_runtime_v1_GetMetadataRequest, GetMetadataRequest__Output as _dapr_proto_runtime_v1_GetMetadataRequest__Output } from './dapr/proto/runtime/v1/GetMetadataRequest.js';
import type { GetMetadataResponse as _dapr_proto_runtime_v1_GetMetadataResponse, GetMetadataResponse__Output as _dapr_proto_runtime_v1_GetMetadataResponse__Output } from './dapr/proto/runtime/v1/GetMetadataResponse.js';
import type { GetSecretRequest as _dapr_proto_runtime_v1_GetSecretRequest, GetSecretRequest__Output as _dapr_proto_runtime_v1_GetSecretRequest__Output } from './dapr/proto/runtime/v1/GetSecretRequest.js';
import type { GetSecretResponse as _dapr_proto_runtime_v1_GetSecretResponse, GetSecretResponse__Output as _dapr_proto_runtime_v1_GetSecretResponse__Output } from './dapr/proto/runtime/v1/GetSecretResponse.js';
import type { GetStateRequest as _dapr_proto_runtime_v1_GetStateRequest, GetStateRequest__Output as _dapr_proto_runtime_v1_GetStateRequest__Output } from './dapr/proto/runtime/v1/GetStateRequest.js';
import type { GetStateResponse as _dapr_proto_runtime_v1_GetStateResponse, GetStateResponse__Output as _dapr_proto_runtime_v1_GetStateResponse__Output } from './dapr/proto/runtime/v1/GetStateResponse.js';
import type { GetWorkflowRequest as _dapr_proto_runtime_v1_GetWorkflowRequest, GetWorkflowRequest__Output as _dapr_proto_runtime_v1_GetWorkflowRequest__Output } from './dapr/proto/runtime/v1/GetWorkflowRequest.js';
import type { GetWorkflowResponse as _dapr_proto_runtime_v1_GetWorkflowResponse, GetWorkflowResponse__Output as _dapr_proto_runtime_v1_GetWorkflowResponse__Output } from './dapr/proto/runtime/v1/GetWorkflowResponse.js';
import type { HealthCheckResponse as _dapr_proto_runtime_v1_HealthCheckResponse, HealthCheckResponse__Output as _dapr_proto_runtime_v1_HealthCheckResponse__Output } from './dapr/proto/runtime/v1/HealthCheckResponse.js';
import type { InvokeActorRequest as _dapr_proto_runtime_v1_InvokeActorRequest, InvokeActorRequest__Output as _dapr_proto_runtime_v1_InvokeActorRequest__Output } from './dapr/proto/runtime/v1/InvokeActorRequest.js';
import type { InvokeActorResponse as _dapr_proto_runtime_v1_InvokeActorResponse, InvokeActorResponse__Output as _dapr_proto_runtime_v1_InvokeActorResponse__Output } from './dapr/proto/runtime/v1/InvokeActorResponse.js';
import type { InvokeBindingRequest as _dapr_proto_runtime_v1_InvokeBindingRequest, InvokeBindingRequest__Output as _dapr_proto_runtime_v1_InvokeBindingRequest__Output } from './dapr/proto/runtime/v1/InvokeBindingRequest.js';
import type { InvokeBindingResponse as _dapr_proto_runtime_v1_InvokeBindingResponse, InvokeBindingResponse__Output as _dapr_proto_runtime_v1_InvokeBindingResponse__Output } from './dapr/proto/runtime/v1/InvokeBindingResponse.js';
import type { InvokeServiceRequest as _dapr_proto_runtime_v1_InvokeServiceRequest, InvokeServiceRequest__Output as _dapr_proto_runtime_v1_InvokeServiceRequest__Output } from './dapr/proto/runtime/v1/InvokeServiceRequest.js';
import type { Job as _dapr_proto_runtime_v1_Job, Job__Output as _dapr_proto_runtime_v1_Job__Output } from './dapr/proto/runtime/v1/Job.js';
import type { JobEventRequest as _dapr_proto_runtime_v1_JobEventRequest, JobEventRequest__Output as _dapr_proto_runtime_v1_JobEventRequest__Output } from './dapr/proto/runtime/v1/JobEventRequest.js';
import type { JobEventResponse as _dapr_proto_runtime_v1_JobEventResponse, JobEventResponse__Output as _dapr_proto_runtime_v1_JobEventResponse__Output } from './dapr/proto/runtime/v1/JobEventResponse.js';
import type { ListActorRemindersRequest as _dapr_proto_runtime_v1_ListActorRemindersRequest, ListActorRemindersRequest__Output as _dapr_proto_runtime_v1_ListActorRemindersRequest__Output } from './dapr/proto/runtime/v1/ListActorRemindersRequest.js';
import type { ListActorRemindersResponse as _dapr_proto_runtime_v1_ListActorRemindersResponse, ListActorRemindersResponse__Output as _dapr_proto_runtime_v1_ListActorRemindersResponse__Output } from './dapr/proto/runtime/v1/ListActorRemindersResponse.js';
import type { ListInputBindingsResponse as _dapr_proto_runtime_v1_ListInputBindingsResponse, ListInputBindingsResponse__Output as _dapr_proto_runtime_v1_ListInputBindingsResponse__Output } from './dapr/proto/runtime/v1/ListInputBindingsResponse.js';
import type { ListJobsRequest as _dapr_proto_runtime_v1_ListJobsRequest, ListJobsRequest__Output as _dapr_proto_runtime_v1_ListJobsRequest__Output } from './dapr/proto/runtime/v1/ListJobsRequest.js';
import type { ListJobsRequestAlpha1 as _dapr_proto_runtime_v1_ListJobsRequestAlpha1, ListJobsRequestAlpha1__Output as _dapr_proto_runtime_v1_ListJobsRequestAlpha1__Output } from './dapr/proto/runtime/v1/ListJobsRequestAlpha1.js';
import type { ListJobsResponse as _dapr_proto_runtime_v1_ListJobsResponse, ListJobsResponse__Output as _dapr_proto_runtime_v1_ListJobsResponse__Output } from './dapr/proto/runtime/v1/ListJobsResponse.js';
import type { ListJobsResponseAlpha1 as _dapr_proto_runtime_v1_ListJobsResponseAlpha1, ListJobsResponseAlpha1__Output as _dapr_proto_runtime_v1_ListJobsResponseAlpha1__Output } from './dapr/proto/runtime/v1/ListJobsResponseAlpha1.js';
import type { ListTopicSubscriptionsResponse as _dapr_proto_runtime_v1_ListTopicSubscriptionsResponse, ListTopicSubscriptionsResponse__Output as _dapr_proto_runtime_v1_ListTopicSubscriptionsResponse__Output } from './dapr/proto/runtime/v1/ListTopicSubscriptionsResponse.js';
import type { MetadataHTTPEndpoint as _dapr_proto_runtime_v1_MetadataHTTPEndpoint, MetadataHTTPEndpoint__Output as _dapr_proto_runtime_v1_MetadataHTTPEndpoint__Output } from './dapr/proto/runtime/v1/MetadataHTTPEndpoint.js';
import type { MetadataMCPServer as _dapr_proto_runtime_v1_MetadataMCPServer, MetadataMCPServer__Output as _dapr_proto_runtime_v1_MetadataMCPServer__Output } from './dapr/proto/runtime/v1/MetadataMCPServer.js';
import type { MetadataResiliency as _dapr_proto_runtime_v1_MetadataResiliency, MetadataResiliency__Output as _dapr_proto_runtime_v1_MetadataResiliency__Output } from './dapr/proto/runtime/v1/MetadataResiliency.js';
import type { MetadataScheduler as _dapr_proto_runtime_v1_MetadataScheduler, MetadataScheduler__Output as _dapr_proto_runtime_v1_MetadataScheduler__Output } from './dapr/proto/runtime/v1/MetadataScheduler.js';
import type { MetadataWorkflowAccessPolicy as _dapr_proto_runtime_v1_MetadataWorkflowAccessPolicy, MetadataWorkflowAccessPolicy__Output as _dapr_proto_runtime_v1_MetadataWorkflowAccessPolicy__Output } from './dapr/proto/runtime/v1/MetadataWorkflowAccessPolicy.js';
import type { MetadataWorkflows as _dapr_proto_runtime_v1_MetadataWorkflows, MetadataWorkflows__Output as _dapr_proto_runtime_v1_MetadataWorkflows__Output } from './dapr/proto/runtime/v1/MetadataWorkflows.js';
import type { NamedActorReminder as _dapr_proto_runtime_v1_NamedActorReminder, NamedActorReminder__Output as _dapr_proto_runtime_v1_NamedActorReminder__Output } from './dapr/proto/runtime/v1/NamedActorReminder.js';
import type { PauseWorkflowRequest as _dapr_proto_runtime_v1_PauseWorkflowRequest, PauseWorkflowRequest__Output as _dapr_proto_runtime_v1_PauseWorkflowRequest__Output } from './dapr/proto/runtime/v1/PauseWorkflowRequest.js';
import type { PublishEventRequest as _dapr_proto_runtime_v1_PublishEventRequest, PublishEventRequest__Output as _dapr_proto_runtime_v1_PublishEventRequest__Output } from './dapr/proto/runtime/v1/PublishEventRequest.js';
import type { PubsubSubscription as _dapr_proto_runtime_v1_PubsubSubscription, PubsubSubscription__Output as _dapr_proto_runtime_v1_PubsubSubscription__Output } from './dapr/proto/runtime/v1/PubsubSubscription.js';
import type { PubsubSubscriptionRule as _dapr_proto_runtime_v1_PubsubSubscriptionRule, PubsubSubscriptionRule__Output as _dapr_proto_runtime_v1_PubsubSubscriptionRule__Output } from './dapr/proto/runtime/v1/PubsubSubscriptionRule.js';
import type { PubsubSubscriptionRules as _dapr_proto_runtime_v1_PubsubSubscriptionRules, PubsubSubscriptionRules__Output as _dapr_proto_runtime_v1_PubsubSubscriptionRules__Output } from './dapr/proto/runtime/v1/PubsubSubscriptionRules.js';
import type { PurgeWorkflowRequest as _dapr_proto_runtime_v1_PurgeWorkflowRequest, PurgeWorkflowRequest__Output as _dapr_proto_runtime_v1_PurgeWorkflowRequest__Output } from './dapr/proto/runtime/v1/PurgeWorkflowRequest.js';
import type { QueryStateItem as _dapr_proto_runtime_v1_QueryStateItem, QueryStateItem__Output as _dapr_proto_runtime_v1_QueryStateItem__Output } from './dapr/proto/runtime/v1/QueryStateItem.js';
import type { QueryStateRequest as _dapr_proto_runtime_v1_QueryStateRequest, QueryStateRequest__Output as _dapr_proto_runtime_v1_QueryStateRequest__Output } from './dapr/proto/runtime/v1/QueryStateRequest.js';
import type { QueryStateResponse as _dapr_proto_runtime_v1_QueryStateResponse, QueryStateResponse__Output as _dapr_proto_runtime_v1_QueryStateResponse__Output } from './dapr/proto/runtime/v1/QueryStateResponse.js';
import type { RaiseEventWorkflowRequest as _dapr_proto_runtime_v1_RaiseEventWorkflowRequest, RaiseEventWorkflowRequest__Output as _dapr_proto_runtime_v1_RaiseEventWorkflowRequest__Output } from './dapr/proto/runtime/v1/RaiseEventWorkflowRequest.js';
import type { RegisterActorReminderRequest as _dapr_proto_runtime_v1_RegisterActorReminderRequest, RegisterActorReminderRequest__Output as _dapr_proto_runtime_v1_RegisterActorReminderRequest__Output } from './dapr/proto/runtime/v1/RegisterActorReminderRequest.js';
import type { RegisterActorTimerRequest as _dapr_proto_runtime_v1_RegisterActorTimerRequest, RegisterActorTimerRequest__Output as _dapr_proto_runtime_v1_RegisterActorTimerRequest__Output } from './dapr/proto/runtime/v1/RegisterActorTimerRequest.js';
import type { RegisteredComponents as _dapr_proto_runtime_v1_RegisteredComponents, RegisteredComponents__Output as _dapr_proto_runtime_v1_RegisteredComponents__Output } from './dapr/proto/runtime/v1/RegisteredComponents.js';
import type { ResumeWorkflowRequest as _dapr_proto_runtime_v1_ResumeWorkflowRequest, ResumeWorkflowRequest__Output as _dapr_proto_runtime_v1_ResumeWorkflowRequest__Output } from './dapr/proto/runtime/v1/ResumeWorkflowRequest.js';
import type { SaveStateRequest as _dapr_proto_runtime_v1_SaveStateRequest, SaveStateRequest__Output as _dapr_proto_runtime_v1_SaveStateRequest__Output } from './dapr/proto/runtime/v1/SaveStateRequest.js';
import type { ScheduleJobRequest as _dapr_proto_runtime_v1_ScheduleJobRequest, ScheduleJobRequest__Output as _dapr_proto_runtime_v1_ScheduleJobRequest__Output } from './dapr/proto/runtime/v1/ScheduleJobRequest.js';
import type { ScheduleJobResponse as _dapr_proto_runtime_v1_ScheduleJobResponse, ScheduleJobResponse__Output as _dapr_proto_runtime_v1_ScheduleJobResponse__Output } from './dapr/proto/runtime/v1/ScheduleJobResponse.js';
import type { SecretResponse as _dapr_proto_runtime_v1_SecretResponse, SecretResponse__Output as _dapr_proto_runtime_v1_SecretResponse__Output } from './dapr/proto/runtime/v1/SecretResponse.js';
import type { SetMetadataRequest as _dapr_proto_runtime_v1_SetMetadataRequest, SetMetadataRequest__Output as _dapr_proto_runtime_v1_SetMetadataRequest__Output } from './dapr/proto/runtime/v1/SetMetadataRequest.js';
import type { ShutdownRequest as _dapr_proto_runtime_v1_ShutdownRequest, ShutdownRequest__Output as _dapr_proto_runtime_v1_ShutdownRequest__Output } from './dapr/proto/runtime/v1/ShutdownRequest.js';
import type { StartWorkflowRequest as _dapr_proto_runtime_v1_StartWorkflowRequest, StartWorkflowRequest__Output as _dapr_proto_runtime_v1_StartWorkflowRequest__Output } from './dapr/proto/runtime/v1/StartWorkflowRequest.js';
import type { StartWorkflowResponse as _dapr_proto_runtime_v1_StartWorkflowResponse, StartWorkflowResponse__Output as _dapr_proto_runtime_v1_StartWorkflowResponse__Output } from './dapr/proto/runtime/v1/StartWorkflowResponse.js';
import type { SubscribeActorEventsRequestAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsRequestAlpha1, SubscribeActorEventsRequestAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsRequestAlpha1__Output } from './dapr/proto/runtime/v1/SubscribeActorEventsRequestAlpha1.js';
import type { SubscribeActorEventsRequestDeactivateResponseAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsRequestDeactivateResponseAlpha1, SubscribeActorEventsRequestDeactivateResponseAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsRequestDeactivateResponseAlpha1__Output } from './dapr/proto/runtime/v1/SubscribeActorEventsRequestDeactivateResponseAlpha1.js';
import type { SubscribeActorEventsRequestFailedAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsRequestFailedAlpha1, SubscribeActorEventsRequestFailedAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsRequestFailedAlpha1__Output } from './dapr/proto/runtime/v1/SubscribeActorEventsRequestFailedAlpha1.js';
import type { SubscribeActorEventsRequestInitialAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsRequestInitialAlpha1, SubscribeActorEventsRequestInitialAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsRequestInitialAlpha1__Output } from './dapr/proto/runtime/v1/SubscribeActorEventsRequestInitialAlpha1.js';
import type { SubscribeActorEventsRequestInvokeResponseAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsRequestInvokeResponseAlpha1, SubscribeActorEventsRequestInvokeResponseAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsRequestInvokeResponseAlpha1__Output } from './dapr/proto/runtime/v1/SubscribeActorEventsRequestInvokeResponseAlpha1.js';
import type { SubscribeActorEventsRequestReminderResponseAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsRequestReminderResponseAlpha1, SubscribeActorEventsRequestReminderResponseAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsRequestReminderResponseAlpha1__Output } from './dapr/proto/runtime/v1/SubscribeActorEventsRequestReminderResponseAlpha1.js';
import type { SubscribeActorEventsResponseAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsResponseAlpha1, SubscribeActorEventsResponseAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsResponseAlpha1__Output } from './dapr/proto/runtime/v1/SubscribeActorEventsResponseAlpha1.js';
import type { SubscribeActorEventsResponseDeactivateRequestAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsResponseDeactivateRequestAlpha1, SubscribeActorEventsResponseDeactivateRequestAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsResponseDeactivateRequestAlpha1__Output } from './dapr/proto/runtime/v1/SubscribeActorEventsResponseDeactivateRequestAlpha1.js';
import type { SubscribeActorEventsResponseInitialAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsResponseInitialAlpha1, SubscribeActorEventsResponseInitialAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsResponseInitialAlpha1__Output } from './dapr/proto/runtime/v1/SubscribeActorEventsResponseInitialAlpha1.js';
import type { SubscribeActorEventsResponseInvokeRequestAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsResponseInvokeRequestAlpha1, SubscribeActorEventsResponseInvokeRequestAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsResponseInvokeRequestAlpha1__Output } from './dapr/proto/runtime/v1/SubscribeActorEventsResponseInvokeRequestAlpha1.js';
import type { SubscribeActorEventsResponseReminderRequestAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsResponseReminderRequestAlpha1, SubscribeActorEventsResponseReminderRequestAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsResponseReminderRequestAlpha1__Output } from './dapr/proto/runtime/v1/SubscribeActorEventsResponseReminderRequestAlpha1.js';
import type { SubscribeActorEventsResponseTimerRequestAlpha1 as _dapr_proto_runtime_v1_SubscribeActorEventsResponseTimerRequestAlpha1, SubscribeActorEventsResponseTimerRequestAlpha1__Output as _dapr_proto_runtime_v1_SubscribeActorEventsResponseTimerRequestAlpha1__Output } from './dapr/proto/runtime/v1/SubscribeActorEventsResponseTimerRequestAlpha1.js';
import type { SubscribeConfigurationRequest as _dapr_proto_runtime_v1_SubscribeConfigurationRequest, SubscribeConfigurationRequest__Output as _dapr_proto_runtime_v1_SubscribeConfigurationRequest__Output } from './dapr/proto/runtime/v1/SubscribeConfigurationRequest.js';
import type { SubscribeConfigurationResponse as _dapr_proto_runtime_v1_SubscribeConfigurationResponse, SubscribeConfigurationResponse__Output as _dapr_proto_runtime_v1_SubscribeConfigurationResponse__Output } from './dapr/proto/runtime/v1/SubscribeConfigurationResponse.js';
import type { SubscribeTopicEventsRequestAlpha1 as _dapr_proto_runtime_v1_SubscribeTopicEventsRequestAlpha1, SubscribeTopicEventsRequestAlpha1__Output as _dapr_proto_runtime_v1_SubscribeTopicEventsRequestAlpha1__Output } from './dapr/proto/runtime/v1/SubscribeTopicEventsRequestAlpha1.js';
import type { SubscribeTopicEventsRequestInitialAlpha1 as _dapr_proto_runtime_v1_SubscribeTopicEventsRequestInitialAlpha1, SubscribeTopicEventsRequestInitialAlpha1__Output as _dapr_proto_runtime_v1_SubscribeTopicEventsRequestInitialAlpha1__Output } from './dapr/proto/runtime/v1/SubscribeTopicEventsRequestInitialAlpha1.js';
import type { SubscribeTopicEventsRequestProcessedAlpha1 as _dapr_proto_runtime_v1_SubscribeTopicEventsRequestProcessedAlpha1, SubscribeTopicEventsRequestProcessedAlpha1__Output as _dapr_proto_runtime_v1_SubscribeTopicEventsRequestProcessedAlpha1__Output } from './dapr/proto/runtime/v1/SubscribeTopicEventsRequestProcessedAlpha1.js';
import type { SubscribeTopicEventsResponseAlpha1 as _dapr_proto_runtime_v1_SubscribeTopicEventsResponseAlpha1, SubscribeTopicEventsResponseAlpha1__Output as _dapr_proto_runtime_v1_SubscribeTopicEventsResponseAlpha1__Output } from './dapr/proto/runtime/v1/SubscribeTopicEventsResponseAlpha1.js';
import type { SubscribeTopicEventsResponseInitialAlpha1 as _dapr_proto_runtime_v1_SubscribeTopicEventsResponseInitialAlpha1, SubscribeTopicEventsResponseInitialAlpha1__Output as _dapr_proto_runtime_v1_SubscribeTopicEventsResponseInitialAlpha1__Output } from './dapr/proto/runtime/v1/SubscribeTopicEventsResponseInitialAlpha1.js';
import type { SubtleDecryptRequest as _dapr_proto_runtime_v1_SubtleDecryptRequest, SubtleDecryptRequest__Output as _dapr_proto_runtime_v1_SubtleDecryptRequest__Output } from './dapr/proto/runtime/v1/SubtleDecryptRequest.js';
import type { SubtleDecryptResponse as _dapr_proto_runtime_v1_SubtleDecryptResponse, SubtleDecryptResponse__Output as _dapr_proto_runtime_v1_SubtleDecryptResponse__Output } from './dapr/proto/runtime/v1/SubtleDecryptResponse.js';
import type { SubtleEncryptRequest as _dapr_proto_runtime_v1_SubtleEncryptRequest, SubtleEncryptRequest__Output as _dapr_proto_runtime_v1_SubtleEncryptRequest__Output } from './dapr/proto/runtime/v1/SubtleEncryptRequest.js';
import type { SubtleEncryptResponse as _dapr_proto_runtime_v1_SubtleEncryptResponse, SubtleEncryptResponse__Output as _dapr_proto_runtime_v1_SubtleEncryptResponse__Output } from './dapr/proto/runtime/v1/SubtleEncryptResponse.js';
import type { SubtleGetKeyRequest as _dapr_proto_runtime_v1_SubtleGetKeyRequest, SubtleGetKeyRequest__Output as _dapr_proto_runtime_v1_SubtleGetKeyRequest__Output } from './dapr/proto/runtime/v1/SubtleGetKeyRequest.js';
import type { SubtleGetKeyResponse as _dapr_proto_runtime_v1_SubtleGetKeyResponse, SubtleGetKeyResponse__Output as _dapr_proto_runtime_v1_SubtleGetKeyResponse__Output } from './dapr/proto/runtime/v1/SubtleGetKeyResponse.js';
import type { SubtleSignRequest as _dapr_proto_runtime_v1_SubtleSignRequest, SubtleSignRequest__Output as _dapr_proto_runtime_v1_SubtleSignRequest__Output } from './dapr/proto/runtime/v1/SubtleSignRequest.js';
import type { SubtleSignResponse as _dapr_proto_runtime_v1_SubtleSignResponse, SubtleSignResponse__Output as _dapr_proto_runtime_v1_SubtleSignResponse__Output } from './dapr/proto/runtime/v1/SubtleSignResponse.js';
import type { SubtleUnwrapKeyRequest as _dapr_proto_runtime_v1_SubtleUnwrapKeyRequest, SubtleUnwrapKeyRequest__Output as _dapr_proto_runtime_v1_SubtleUnwrapKeyRequest__Output } from './dapr/proto/runtime/v1/SubtleUnwrapKeyRequest.js';
import type { SubtleUnwrapKeyResponse as _dapr_proto_runtime_v1_SubtleUnwrapKeyResponse, SubtleUnwrapKeyResponse__Output as _dapr_proto_runtime_v1_SubtleUnwrapKeyResponse__Output } from './dapr/proto/runtime/v1/SubtleUnwrapKeyResponse.js';
import type { SubtleVerifyRequest as _dapr_proto_runtime_v1_SubtleVerifyRequest, SubtleVerifyRequest__Output as _dapr_proto_runtime_v1_SubtleVerifyRequest__Output } from './dapr/proto/runtime/v1/SubtleVerifyRequest.js';
import type { SubtleVerifyResponse as _dapr_proto_runtime_v1_SubtleVerifyResponse, SubtleVerifyResponse__Output as _dapr_proto_runtime_v1_SubtleVerifyResponse__Output } from './dapr/proto/runtime/v1/SubtleVerifyResponse.js';
import type { SubtleWrapKeyRequest as _dapr_proto_runtime_v1_SubtleWrapKeyRequest, SubtleWrapKeyRequest__Output as _dapr_proto_runtime_v1_SubtleWrapKeyRequest__Output } from './dapr/proto/runtime/v1/SubtleWrapKeyRequest.js';
import type { SubtleWrapKeyResponse as _dapr_proto_runtime_v1_SubtleWrapKeyResponse, SubtleWrapKeyResponse__Output as _dapr_proto_runtime_v1_SubtleWrapKeyResponse__Output } from './dapr/proto/runtime/v1/SubtleWrapKeyResponse.js';
import type { TerminateWorkflowRequest as _dapr_proto_runtime_v1_TerminateWorkflowRequest, TerminateWorkflowRequest__Output as _dapr_proto_runtime_v1_TerminateWorkflowRequest__Output } from './dapr/proto/runtime/v1/TerminateWorkflowRequest.js';
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
import type { TransactionalActorStateOperation as _dapr_proto_runtime_v1_TransactionalActorStateOperation, TransactionalActorStateOperation__Output as _dapr_proto_runtime_v1_TransactionalActorStateOperation__Output } from './dapr/proto/runtime/v1/TransactionalActorStateOperation.js';
import type { TransactionalStateOperation as _dapr_proto_runtime_v1_TransactionalStateOperation, TransactionalStateOperation__Output as _dapr_proto_runtime_v1_TransactionalStateOperation__Output } from './dapr/proto/runtime/v1/TransactionalStateOperation.js';
import type { TryLockRequest as _dapr_proto_runtime_v1_TryLockRequest, TryLockRequest__Output as _dapr_proto_runtime_v1_TryLockRequest__Output } from './dapr/proto/runtime/v1/TryLockRequest.js';
import type { TryLockResponse as _dapr_proto_runtime_v1_TryLockResponse, TryLockResponse__Output as _dapr_proto_runtime_v1_TryLockResponse__Output } from './dapr/proto/runtime/v1/TryLockResponse.js';
import type { UnlockRequest as _dapr_proto_runtime_v1_UnlockRequest, UnlockRequest__Output as _dapr_proto_runtime_v1_UnlockRequest__Output } from './dapr/proto/runtime/v1/UnlockRequest.js';
import type { UnlockResponse as _dapr_proto_runtime_v1_UnlockResponse, UnlockResponse__Output as _dapr_proto_runtime_v1_UnlockResponse__Output } from './dapr/proto/runtime/v1/UnlockResponse.js';
import type { UnregisterActorReminderRequest as _dapr_proto_runtime_v1_UnregisterActorReminderRequest, UnregisterActorReminderRequest__Output as _dapr_proto_runtime_v1_UnregisterActorReminderRequest__Output } from './dapr/proto/runtime/v1/UnregisterActorReminderRequest.js';
import type { UnregisterActorRemindersByTypeRequest as _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeRequest, UnregisterActorRemindersByTypeRequest__Output as _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeRequest__Output } from './dapr/proto/runtime/v1/UnregisterActorRemindersByTypeRequest.js';
import type { UnregisterActorRemindersByTypeResponse as _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeResponse, UnregisterActorRemindersByTypeResponse__Output as _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeResponse__Output } from './dapr/proto/runtime/v1/UnregisterActorRemindersByTypeResponse.js';
import type { UnregisterActorTimerRequest as _dapr_proto_runtime_v1_UnregisterActorTimerRequest, UnregisterActorTimerRequest__Output as _dapr_proto_runtime_v1_UnregisterActorTimerRequest__Output } from './dapr/proto/runtime/v1/UnregisterActorTimerRequest.js';
import type { UnsubscribeConfigurationRequest as _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, UnsubscribeConfigurationRequest__Output as _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest__Output } from './dapr/proto/runtime/v1/UnsubscribeConfigurationRequest.js';
import type { UnsubscribeConfigurationResponse as _dapr_proto_runtime_v1_UnsubscribeConfigurationResponse, UnsubscribeConfigurationResponse__Output as _dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output } from './dapr/proto/runtime/v1/UnsubscribeConfigurationResponse.js';
import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from './google/protobuf/Any.js';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from './google/protobuf/Duration.js';
import type { Empty as _google_protobuf_Empty, Empty__Output as _google_protobuf_Empty__Output } from './google/protobuf/Empty.js';
import type { ListValue as _google_protobuf_ListValue, ListValue__Output as _google_protobuf_ListValue__Output } from './google/protobuf/ListValue.js';
import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from './google/protobuf/Struct.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from './google/protobuf/Timestamp.js';
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
          ActiveActorsCount: MessageTypeDefinition<_dapr_proto_runtime_v1_ActiveActorsCount, _dapr_proto_runtime_v1_ActiveActorsCount__Output>
          ActorEntityConfig: MessageTypeDefinition<_dapr_proto_runtime_v1_ActorEntityConfig, _dapr_proto_runtime_v1_ActorEntityConfig__Output>
          ActorReentrancyConfig: MessageTypeDefinition<_dapr_proto_runtime_v1_ActorReentrancyConfig, _dapr_proto_runtime_v1_ActorReentrancyConfig__Output>
          ActorReminder: MessageTypeDefinition<_dapr_proto_runtime_v1_ActorReminder, _dapr_proto_runtime_v1_ActorReminder__Output>
          ActorRuntime: MessageTypeDefinition<_dapr_proto_runtime_v1_ActorRuntime, _dapr_proto_runtime_v1_ActorRuntime__Output>
          AppCallback: SubtypeConstructor<typeof grpc.Client, _dapr_proto_runtime_v1_AppCallbackClient> & { service: _dapr_proto_runtime_v1_AppCallbackDefinition }
          AppCallbackAlpha: SubtypeConstructor<typeof grpc.Client, _dapr_proto_runtime_v1_AppCallbackAlphaClient> & { service: _dapr_proto_runtime_v1_AppCallbackAlphaDefinition }
          AppCallbackHealthCheck: SubtypeConstructor<typeof grpc.Client, _dapr_proto_runtime_v1_AppCallbackHealthCheckClient> & { service: _dapr_proto_runtime_v1_AppCallbackHealthCheckDefinition }
          AppConnectionHealthProperties: MessageTypeDefinition<_dapr_proto_runtime_v1_AppConnectionHealthProperties, _dapr_proto_runtime_v1_AppConnectionHealthProperties__Output>
          AppConnectionProperties: MessageTypeDefinition<_dapr_proto_runtime_v1_AppConnectionProperties, _dapr_proto_runtime_v1_AppConnectionProperties__Output>
          BindingEventRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_BindingEventRequest, _dapr_proto_runtime_v1_BindingEventRequest__Output>
          BindingEventResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_BindingEventResponse, _dapr_proto_runtime_v1_BindingEventResponse__Output>
          BulkPublishRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_BulkPublishRequest, _dapr_proto_runtime_v1_BulkPublishRequest__Output>
          BulkPublishRequestEntry: MessageTypeDefinition<_dapr_proto_runtime_v1_BulkPublishRequestEntry, _dapr_proto_runtime_v1_BulkPublishRequestEntry__Output>
          BulkPublishResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_BulkPublishResponse, _dapr_proto_runtime_v1_BulkPublishResponse__Output>
          BulkPublishResponseFailedEntry: MessageTypeDefinition<_dapr_proto_runtime_v1_BulkPublishResponseFailedEntry, _dapr_proto_runtime_v1_BulkPublishResponseFailedEntry__Output>
          BulkStateItem: MessageTypeDefinition<_dapr_proto_runtime_v1_BulkStateItem, _dapr_proto_runtime_v1_BulkStateItem__Output>
          BulkSubscribeConfig: MessageTypeDefinition<_dapr_proto_runtime_v1_BulkSubscribeConfig, _dapr_proto_runtime_v1_BulkSubscribeConfig__Output>
          ConversationInput: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationInput, _dapr_proto_runtime_v1_ConversationInput__Output>
          ConversationInputAlpha2: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationInputAlpha2, _dapr_proto_runtime_v1_ConversationInputAlpha2__Output>
          ConversationMessage: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationMessage, _dapr_proto_runtime_v1_ConversationMessage__Output>
          ConversationMessageContent: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationMessageContent, _dapr_proto_runtime_v1_ConversationMessageContent__Output>
          ConversationMessageOfAssistant: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationMessageOfAssistant, _dapr_proto_runtime_v1_ConversationMessageOfAssistant__Output>
          ConversationMessageOfDeveloper: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationMessageOfDeveloper, _dapr_proto_runtime_v1_ConversationMessageOfDeveloper__Output>
          ConversationMessageOfSystem: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationMessageOfSystem, _dapr_proto_runtime_v1_ConversationMessageOfSystem__Output>
          ConversationMessageOfTool: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationMessageOfTool, _dapr_proto_runtime_v1_ConversationMessageOfTool__Output>
          ConversationMessageOfUser: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationMessageOfUser, _dapr_proto_runtime_v1_ConversationMessageOfUser__Output>
          ConversationRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationRequest, _dapr_proto_runtime_v1_ConversationRequest__Output>
          ConversationRequestAlpha2: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationRequestAlpha2, _dapr_proto_runtime_v1_ConversationRequestAlpha2__Output>
          ConversationResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationResponse, _dapr_proto_runtime_v1_ConversationResponse__Output>
          ConversationResponseAlpha2: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationResponseAlpha2, _dapr_proto_runtime_v1_ConversationResponseAlpha2__Output>
          ConversationResult: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationResult, _dapr_proto_runtime_v1_ConversationResult__Output>
          ConversationResultAlpha2: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationResultAlpha2, _dapr_proto_runtime_v1_ConversationResultAlpha2__Output>
          ConversationResultAlpha2CompletionUsage: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsage, _dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsage__Output>
          ConversationResultAlpha2CompletionUsageCompletionTokensDetails: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsageCompletionTokensDetails, _dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsageCompletionTokensDetails__Output>
          ConversationResultAlpha2CompletionUsagePromptTokensDetails: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsagePromptTokensDetails, _dapr_proto_runtime_v1_ConversationResultAlpha2CompletionUsagePromptTokensDetails__Output>
          ConversationResultChoices: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationResultChoices, _dapr_proto_runtime_v1_ConversationResultChoices__Output>
          ConversationResultMessage: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationResultMessage, _dapr_proto_runtime_v1_ConversationResultMessage__Output>
          ConversationToolCalls: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationToolCalls, _dapr_proto_runtime_v1_ConversationToolCalls__Output>
          ConversationToolCallsOfFunction: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationToolCallsOfFunction, _dapr_proto_runtime_v1_ConversationToolCallsOfFunction__Output>
          ConversationTools: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationTools, _dapr_proto_runtime_v1_ConversationTools__Output>
          ConversationToolsFunction: MessageTypeDefinition<_dapr_proto_runtime_v1_ConversationToolsFunction, _dapr_proto_runtime_v1_ConversationToolsFunction__Output>
          Dapr: SubtypeConstructor<typeof grpc.Client, _dapr_proto_runtime_v1_DaprClient> & { service: _dapr_proto_runtime_v1_DaprDefinition }
          DecryptRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_DecryptRequest, _dapr_proto_runtime_v1_DecryptRequest__Output>
          DecryptRequestOptions: MessageTypeDefinition<_dapr_proto_runtime_v1_DecryptRequestOptions, _dapr_proto_runtime_v1_DecryptRequestOptions__Output>
          DecryptResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_DecryptResponse, _dapr_proto_runtime_v1_DecryptResponse__Output>
          DeleteBulkStateRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_DeleteBulkStateRequest, _dapr_proto_runtime_v1_DeleteBulkStateRequest__Output>
          DeleteJobRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_DeleteJobRequest, _dapr_proto_runtime_v1_DeleteJobRequest__Output>
          DeleteJobResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_DeleteJobResponse, _dapr_proto_runtime_v1_DeleteJobResponse__Output>
          DeleteJobsByPrefixRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_DeleteJobsByPrefixRequest, _dapr_proto_runtime_v1_DeleteJobsByPrefixRequest__Output>
          DeleteJobsByPrefixRequestAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_DeleteJobsByPrefixRequestAlpha1, _dapr_proto_runtime_v1_DeleteJobsByPrefixRequestAlpha1__Output>
          DeleteJobsByPrefixResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_DeleteJobsByPrefixResponse, _dapr_proto_runtime_v1_DeleteJobsByPrefixResponse__Output>
          DeleteJobsByPrefixResponseAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_DeleteJobsByPrefixResponseAlpha1, _dapr_proto_runtime_v1_DeleteJobsByPrefixResponseAlpha1__Output>
          DeleteStateRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_DeleteStateRequest, _dapr_proto_runtime_v1_DeleteStateRequest__Output>
          EncryptRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_EncryptRequest, _dapr_proto_runtime_v1_EncryptRequest__Output>
          EncryptRequestOptions: MessageTypeDefinition<_dapr_proto_runtime_v1_EncryptRequestOptions, _dapr_proto_runtime_v1_EncryptRequestOptions__Output>
          EncryptResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_EncryptResponse, _dapr_proto_runtime_v1_EncryptResponse__Output>
          ExecuteActorStateTransactionRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_ExecuteActorStateTransactionRequest, _dapr_proto_runtime_v1_ExecuteActorStateTransactionRequest__Output>
          ExecuteStateTransactionRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_ExecuteStateTransactionRequest, _dapr_proto_runtime_v1_ExecuteStateTransactionRequest__Output>
          GetActorReminderRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_GetActorReminderRequest, _dapr_proto_runtime_v1_GetActorReminderRequest__Output>
          GetActorReminderResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_GetActorReminderResponse, _dapr_proto_runtime_v1_GetActorReminderResponse__Output>
          GetActorStateRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_GetActorStateRequest, _dapr_proto_runtime_v1_GetActorStateRequest__Output>
          GetActorStateResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_GetActorStateResponse, _dapr_proto_runtime_v1_GetActorStateResponse__Output>
          GetBulkSecretRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_GetBulkSecretRequest, _dapr_proto_runtime_v1_GetBulkSecretRequest__Output>
          GetBulkSecretResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_GetBulkSecretResponse, _dapr_proto_runtime_v1_GetBulkSecretResponse__Output>
          GetBulkStateRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_GetBulkStateRequest, _dapr_proto_runtime_v1_GetBulkStateRequest__Output>
          GetBulkStateResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_GetBulkStateResponse, _dapr_proto_runtime_v1_GetBulkStateResponse__Output>
          GetConfigurationRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_GetConfigurationRequest, _dapr_proto_runtime_v1_GetConfigurationRequest__Output>
          GetConfigurationResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_GetConfigurationResponse, _dapr_proto_runtime_v1_GetConfigurationResponse__Output>
          GetJobRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_GetJobRequest, _dapr_proto_runtime_v1_GetJobRequest__Output>
          GetJobResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_GetJobResponse, _dapr_proto_runtime_v1_GetJobResponse__Output>
          GetMetadataRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_GetMetadataRequest, _dapr_proto_runtime_v1_GetMetadataRequest__Output>
          GetMetadataResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_GetMetadataResponse, _dapr_proto_runtime_v1_GetMetadataResponse__Output>
          GetSecretRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_GetSecretRequest, _dapr_proto_runtime_v1_GetSecretRequest__Output>
          GetSecretResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_GetSecretResponse, _dapr_proto_runtime_v1_GetSecretResponse__Output>
          GetStateRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_GetStateRequest, _dapr_proto_runtime_v1_GetStateRequest__Output>
          GetStateResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_GetStateResponse, _dapr_proto_runtime_v1_GetStateResponse__Output>
          GetWorkflowRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_GetWorkflowRequest, _dapr_proto_runtime_v1_GetWorkflowRequest__Output>
          GetWorkflowResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_GetWorkflowResponse, _dapr_proto_runtime_v1_GetWorkflowResponse__Output>
          HealthCheckResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_HealthCheckResponse, _dapr_proto_runtime_v1_HealthCheckResponse__Output>
          InvokeActorRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_InvokeActorRequest, _dapr_proto_runtime_v1_InvokeActorRequest__Output>
          InvokeActorResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_InvokeActorResponse, _dapr_proto_runtime_v1_InvokeActorResponse__Output>
          InvokeBindingRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_InvokeBindingRequest, _dapr_proto_runtime_v1_InvokeBindingRequest__Output>
          InvokeBindingResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_InvokeBindingResponse, _dapr_proto_runtime_v1_InvokeBindingResponse__Output>
          InvokeServiceRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_InvokeServiceRequest, _dapr_proto_runtime_v1_InvokeServiceRequest__Output>
          Job: MessageTypeDefinition<_dapr_proto_runtime_v1_Job, _dapr_proto_runtime_v1_Job__Output>
          JobEventRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_JobEventRequest, _dapr_proto_runtime_v1_JobEventRequest__Output>
          JobEventResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_JobEventResponse, _dapr_proto_runtime_v1_JobEventResponse__Output>
          ListActorRemindersRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_ListActorRemindersRequest, _dapr_proto_runtime_v1_ListActorRemindersRequest__Output>
          ListActorRemindersResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_ListActorRemindersResponse, _dapr_proto_runtime_v1_ListActorRemindersResponse__Output>
          ListInputBindingsResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_ListInputBindingsResponse, _dapr_proto_runtime_v1_ListInputBindingsResponse__Output>
          ListJobsRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_ListJobsRequest, _dapr_proto_runtime_v1_ListJobsRequest__Output>
          ListJobsRequestAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_ListJobsRequestAlpha1, _dapr_proto_runtime_v1_ListJobsRequestAlpha1__Output>
          ListJobsResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_ListJobsResponse, _dapr_proto_runtime_v1_ListJobsResponse__Output>
          ListJobsResponseAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_ListJobsResponseAlpha1, _dapr_proto_runtime_v1_ListJobsResponseAlpha1__Output>
          ListTopicSubscriptionsResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_ListTopicSubscriptionsResponse, _dapr_proto_runtime_v1_ListTopicSubscriptionsResponse__Output>
          MetadataHTTPEndpoint: MessageTypeDefinition<_dapr_proto_runtime_v1_MetadataHTTPEndpoint, _dapr_proto_runtime_v1_MetadataHTTPEndpoint__Output>
          MetadataMCPServer: MessageTypeDefinition<_dapr_proto_runtime_v1_MetadataMCPServer, _dapr_proto_runtime_v1_MetadataMCPServer__Output>
          MetadataResiliency: MessageTypeDefinition<_dapr_proto_runtime_v1_MetadataResiliency, _dapr_proto_runtime_v1_MetadataResiliency__Output>
          MetadataScheduler: MessageTypeDefinition<_dapr_proto_runtime_v1_MetadataScheduler, _dapr_proto_runtime_v1_MetadataScheduler__Output>
          MetadataWorkflowAccessPolicy: MessageTypeDefinition<_dapr_proto_runtime_v1_MetadataWorkflowAccessPolicy, _dapr_proto_runtime_v1_MetadataWorkflowAccessPolicy__Output>
          MetadataWorkflows: MessageTypeDefinition<_dapr_proto_runtime_v1_MetadataWorkflows, _dapr_proto_runtime_v1_MetadataWorkflows__Output>
          NamedActorReminder: MessageTypeDefinition<_dapr_proto_runtime_v1_NamedActorReminder, _dapr_proto_runtime_v1_NamedActorReminder__Output>
          PauseWorkflowRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_PauseWorkflowRequest, _dapr_proto_runtime_v1_PauseWorkflowRequest__Output>
          PublishEventRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_PublishEventRequest, _dapr_proto_runtime_v1_PublishEventRequest__Output>
          PubsubSubscription: MessageTypeDefinition<_dapr_proto_runtime_v1_PubsubSubscription, _dapr_proto_runtime_v1_PubsubSubscription__Output>
          PubsubSubscriptionRule: MessageTypeDefinition<_dapr_proto_runtime_v1_PubsubSubscriptionRule, _dapr_proto_runtime_v1_PubsubSubscriptionRule__Output>
          PubsubSubscriptionRules: MessageTypeDefinition<_dapr_proto_runtime_v1_PubsubSubscriptionRules, _dapr_proto_runtime_v1_PubsubSubscriptionRules__Output>
          PubsubSubscriptionType: EnumTypeDefinition
          PurgeWorkflowRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_PurgeWorkflowRequest, _dapr_proto_runtime_v1_PurgeWorkflowRequest__Output>
          QueryStateItem: MessageTypeDefinition<_dapr_proto_runtime_v1_QueryStateItem, _dapr_proto_runtime_v1_QueryStateItem__Output>
          QueryStateRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_QueryStateRequest, _dapr_proto_runtime_v1_QueryStateRequest__Output>
          QueryStateResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_QueryStateResponse, _dapr_proto_runtime_v1_QueryStateResponse__Output>
          RaiseEventWorkflowRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_RaiseEventWorkflowRequest, _dapr_proto_runtime_v1_RaiseEventWorkflowRequest__Output>
          RegisterActorReminderRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_RegisterActorReminderRequest, _dapr_proto_runtime_v1_RegisterActorReminderRequest__Output>
          RegisterActorTimerRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_RegisterActorTimerRequest, _dapr_proto_runtime_v1_RegisterActorTimerRequest__Output>
          RegisteredComponents: MessageTypeDefinition<_dapr_proto_runtime_v1_RegisteredComponents, _dapr_proto_runtime_v1_RegisteredComponents__Output>
          ResumeWorkflowRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_ResumeWorkflowRequest, _dapr_proto_runtime_v1_ResumeWorkflowRequest__Output>
          SaveStateRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_SaveStateRequest, _dapr_proto_runtime_v1_SaveStateRequest__Output>
          ScheduleJobRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_ScheduleJobRequest, _dapr_proto_runtime_v1_ScheduleJobRequest__Output>
          ScheduleJobResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_ScheduleJobResponse, _dapr_proto_runtime_v1_ScheduleJobResponse__Output>
          SecretResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_SecretResponse, _dapr_proto_runtime_v1_SecretResponse__Output>
          SetMetadataRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_SetMetadataRequest, _dapr_proto_runtime_v1_SetMetadataRequest__Output>
          ShutdownRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_ShutdownRequest, _dapr_proto_runtime_v1_ShutdownRequest__Output>
          StartWorkflowRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_StartWorkflowRequest, _dapr_proto_runtime_v1_StartWorkflowRequest__Output>
          StartWorkflowResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_StartWorkflowResponse, _dapr_proto_runtime_v1_StartWorkflowResponse__Output>
          SubscribeActorEventsRequestAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_SubscribeActorEventsRequestAlpha1, _dapr_proto_runtime_v1_SubscribeActorEventsRequestAlpha1__Output>
          SubscribeActorEventsRequestDeactivateResponseAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_SubscribeActorEventsRequestDeactivateResponseAlpha1, _dapr_proto_runtime_v1_SubscribeActorEventsRequestDeactivateResponseAlpha1__Output>
          SubscribeActorEventsRequestFailedAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_SubscribeActorEventsRequestFailedAlpha1, _dapr_proto_runtime_v1_SubscribeActorEventsRequestFailedAlpha1__Output>
          SubscribeActorEventsRequestInitialAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_SubscribeActorEventsRequestInitialAlpha1, _dapr_proto_runtime_v1_SubscribeActorEventsRequestInitialAlpha1__Output>
          SubscribeActorEventsRequestInvokeResponseAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_SubscribeActorEventsRequestInvokeResponseAlpha1, _dapr_proto_runtime_v1_SubscribeActorEventsRequestInvokeResponseAlpha1__Output>
          SubscribeActorEventsRequestReminderResponseAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_SubscribeActorEventsRequestReminderResponseAlpha1, _dapr_proto_runtime_v1_SubscribeActorEventsRequestReminderResponseAlpha1__Output>
          SubscribeActorEventsResponseAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_SubscribeActorEventsResponseAlpha1, _dapr_proto_runtime_v1_SubscribeActorEventsResponseAlpha1__Output>
          SubscribeActorEventsResponseDeactivateRequestAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_SubscribeActorEventsResponseDeactivateRequestAlpha1, _dapr_proto_runtime_v1_SubscribeActorEventsResponseDeactivateRequestAlpha1__Output>
          SubscribeActorEventsResponseInitialAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_SubscribeActorEventsResponseInitialAlpha1, _dapr_proto_runtime_v1_SubscribeActorEventsResponseInitialAlpha1__Output>
          SubscribeActorEventsResponseInvokeRequestAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_SubscribeActorEventsResponseInvokeRequestAlpha1, _dapr_proto_runtime_v1_SubscribeActorEventsResponseInvokeRequestAlpha1__Output>
          SubscribeActorEventsResponseReminderRequestAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_SubscribeActorEventsResponseReminderRequestAlpha1, _dapr_proto_runtime_v1_SubscribeActorEventsResponseReminderRequestAlpha1__Output>
          SubscribeActorEventsResponseTimerRequestAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_SubscribeActorEventsResponseTimerRequestAlpha1, _dapr_proto_runtime_v1_SubscribeActorEventsResponseTimerRequestAlpha1__Output>
          SubscribeConfigurationRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_SubscribeConfigurationRequest, _dapr_proto_runtime_v1_SubscribeConfigurationRequest__Output>
          SubscribeConfigurationResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_SubscribeConfigurationResponse, _dapr_proto_runtime_v1_SubscribeConfigurationResponse__Output>
          SubscribeTopicEventsRequestAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_SubscribeTopicEventsRequestAlpha1, _dapr_proto_runtime_v1_SubscribeTopicEventsRequestAlpha1__Output>
          SubscribeTopicEventsRequestInitialAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_SubscribeTopicEventsRequestInitialAlpha1, _dapr_proto_runtime_v1_SubscribeTopicEventsRequestInitialAlpha1__Output>
          SubscribeTopicEventsRequestProcessedAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_SubscribeTopicEventsRequestProcessedAlpha1, _dapr_proto_runtime_v1_SubscribeTopicEventsRequestProcessedAlpha1__Output>
          SubscribeTopicEventsResponseAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_SubscribeTopicEventsResponseAlpha1, _dapr_proto_runtime_v1_SubscribeTopicEventsResponseAlpha1__Output>
          SubscribeTopicEventsResponseInitialAlpha1: MessageTypeDefinition<_dapr_proto_runtime_v1_SubscribeTopicEventsResponseInitialAlpha1, _dapr_proto_runtime_v1_SubscribeTopicEventsResponseInitialAlpha1__Output>
          SubtleDecryptRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_SubtleDecryptRequest, _dapr_proto_runtime_v1_SubtleDecryptRequest__Output>
          SubtleDecryptResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_SubtleDecryptResponse, _dapr_proto_runtime_v1_SubtleDecryptResponse__Output>
          SubtleEncryptRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_SubtleEncryptRequest, _dapr_proto_runtime_v1_SubtleEncryptRequest__Output>
          SubtleEncryptResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_SubtleEncryptResponse, _dapr_proto_runtime_v1_SubtleEncryptResponse__Output>
          SubtleGetKeyRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_SubtleGetKeyRequest, _dapr_proto_runtime_v1_SubtleGetKeyRequest__Output>
          SubtleGetKeyResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_SubtleGetKeyResponse, _dapr_proto_runtime_v1_SubtleGetKeyResponse__Output>
          SubtleSignRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_SubtleSignRequest, _dapr_proto_runtime_v1_SubtleSignRequest__Output>
          SubtleSignResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_SubtleSignResponse, _dapr_proto_runtime_v1_SubtleSignResponse__Output>
          SubtleUnwrapKeyRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_SubtleUnwrapKeyRequest, _dapr_proto_runtime_v1_SubtleUnwrapKeyRequest__Output>
          SubtleUnwrapKeyResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_SubtleUnwrapKeyResponse, _dapr_proto_runtime_v1_SubtleUnwrapKeyResponse__Output>
          SubtleVerifyRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_SubtleVerifyRequest, _dapr_proto_runtime_v1_SubtleVerifyRequest__Output>
          SubtleVerifyResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_SubtleVerifyResponse, _dapr_proto_runtime_v1_SubtleVerifyResponse__Output>
          SubtleWrapKeyRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_SubtleWrapKeyRequest, _dapr_proto_runtime_v1_SubtleWrapKeyRequest__Output>
          SubtleWrapKeyResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_SubtleWrapKeyResponse, _dapr_proto_runtime_v1_SubtleWrapKeyResponse__Output>
          TerminateWorkflowRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_TerminateWorkflowRequest, _dapr_proto_runtime_v1_TerminateWorkflowRequest__Output>
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
          TransactionalActorStateOperation: MessageTypeDefinition<_dapr_proto_runtime_v1_TransactionalActorStateOperation, _dapr_proto_runtime_v1_TransactionalActorStateOperation__Output>
          TransactionalStateOperation: MessageTypeDefinition<_dapr_proto_runtime_v1_TransactionalStateOperation, _dapr_proto_runtime_v1_TransactionalStateOperation__Output>
          TryLockRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_TryLockRequest, _dapr_proto_runtime_v1_TryLockRequest__Output>
          TryLockResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_TryLockResponse, _dapr_proto_runtime_v1_TryLockResponse__Output>
          UnlockRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_UnlockRequest, _dapr_proto_runtime_v1_UnlockRequest__Output>
          UnlockResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_UnlockResponse, _dapr_proto_runtime_v1_UnlockResponse__Output>
          UnregisterActorReminderRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_UnregisterActorReminderRequest, _dapr_proto_runtime_v1_UnregisterActorReminderRequest__Output>
          UnregisterActorRemindersByTypeRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_UnregisterActorRemindersByTypeRequest, _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeRequest__Output>
          UnregisterActorRemindersByTypeResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_UnregisterActorRemindersByTypeResponse, _dapr_proto_runtime_v1_UnregisterActorRemindersByTypeResponse__Output>
          UnregisterActorTimerRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_UnregisterActorTimerRequest, _dapr_proto_runtime_v1_UnregisterActorTimerRequest__Output>
          UnsubscribeConfigurationRequest: MessageTypeDefinition<_dapr_proto_runtime_v1_UnsubscribeConfigurationRequest, _dapr_proto_runtime_v1_UnsubscribeConfigurationRequest__Output>
          UnsubscribeConfigurationResponse: MessageTypeDefinition<_dapr_proto_runtime_v1_UnsubscribeConfigurationResponse, _dapr_proto_runtime_v1_UnsubscribeConfigurationResponse__Output>
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
      Timestamp: MessageTypeDefinition<_google_protobuf_Timestamp, _google_protobuf_Timestamp__Output>
      Value: MessageTypeDefinition<_google_protobuf_Value, _google_protobuf_Value__Output>
    }
  }
}

