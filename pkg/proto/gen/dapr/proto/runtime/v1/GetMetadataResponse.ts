// Original file: proto/dapr/proto/runtime/v1/metadata.proto

import type { ActiveActorsCount as _dapr_proto_runtime_v1_ActiveActorsCount, ActiveActorsCount__Output as _dapr_proto_runtime_v1_ActiveActorsCount__Output } from '../../../../dapr/proto/runtime/v1/ActiveActorsCount.js';
import type { RegisteredComponents as _dapr_proto_runtime_v1_RegisteredComponents, RegisteredComponents__Output as _dapr_proto_runtime_v1_RegisteredComponents__Output } from '../../../../dapr/proto/runtime/v1/RegisteredComponents.js';
import type { PubsubSubscription as _dapr_proto_runtime_v1_PubsubSubscription, PubsubSubscription__Output as _dapr_proto_runtime_v1_PubsubSubscription__Output } from '../../../../dapr/proto/runtime/v1/PubsubSubscription.js';
import type { MetadataHTTPEndpoint as _dapr_proto_runtime_v1_MetadataHTTPEndpoint, MetadataHTTPEndpoint__Output as _dapr_proto_runtime_v1_MetadataHTTPEndpoint__Output } from '../../../../dapr/proto/runtime/v1/MetadataHTTPEndpoint.js';
import type { AppConnectionProperties as _dapr_proto_runtime_v1_AppConnectionProperties, AppConnectionProperties__Output as _dapr_proto_runtime_v1_AppConnectionProperties__Output } from '../../../../dapr/proto/runtime/v1/AppConnectionProperties.js';
import type { ActorRuntime as _dapr_proto_runtime_v1_ActorRuntime, ActorRuntime__Output as _dapr_proto_runtime_v1_ActorRuntime__Output } from '../../../../dapr/proto/runtime/v1/ActorRuntime.js';
import type { MetadataScheduler as _dapr_proto_runtime_v1_MetadataScheduler, MetadataScheduler__Output as _dapr_proto_runtime_v1_MetadataScheduler__Output } from '../../../../dapr/proto/runtime/v1/MetadataScheduler.js';
import type { MetadataWorkflows as _dapr_proto_runtime_v1_MetadataWorkflows, MetadataWorkflows__Output as _dapr_proto_runtime_v1_MetadataWorkflows__Output } from '../../../../dapr/proto/runtime/v1/MetadataWorkflows.js';
import type { MetadataMCPServer as _dapr_proto_runtime_v1_MetadataMCPServer, MetadataMCPServer__Output as _dapr_proto_runtime_v1_MetadataMCPServer__Output } from '../../../../dapr/proto/runtime/v1/MetadataMCPServer.js';
import type { MetadataWorkflowAccessPolicy as _dapr_proto_runtime_v1_MetadataWorkflowAccessPolicy, MetadataWorkflowAccessPolicy__Output as _dapr_proto_runtime_v1_MetadataWorkflowAccessPolicy__Output } from '../../../../dapr/proto/runtime/v1/MetadataWorkflowAccessPolicy.js';
import type { MetadataResiliency as _dapr_proto_runtime_v1_MetadataResiliency, MetadataResiliency__Output as _dapr_proto_runtime_v1_MetadataResiliency__Output } from '../../../../dapr/proto/runtime/v1/MetadataResiliency.js';

export interface GetMetadataResponse {
  'id'?: (string);
  'active_actors_count'?: (_dapr_proto_runtime_v1_ActiveActorsCount)[];
  'registered_components'?: (_dapr_proto_runtime_v1_RegisteredComponents)[];
  'extended_metadata'?: ({[key: string]: string});
  'subscriptions'?: (_dapr_proto_runtime_v1_PubsubSubscription)[];
  'http_endpoints'?: (_dapr_proto_runtime_v1_MetadataHTTPEndpoint)[];
  'app_connection_properties'?: (_dapr_proto_runtime_v1_AppConnectionProperties | null);
  'runtime_version'?: (string);
  'enabled_features'?: (string)[];
  'actor_runtime'?: (_dapr_proto_runtime_v1_ActorRuntime | null);
  'scheduler'?: (_dapr_proto_runtime_v1_MetadataScheduler | null);
  'workflows'?: (_dapr_proto_runtime_v1_MetadataWorkflows | null);
  'mcp_servers'?: (_dapr_proto_runtime_v1_MetadataMCPServer)[];
  'workflow_access_policies'?: (_dapr_proto_runtime_v1_MetadataWorkflowAccessPolicy)[];
  'resiliencies'?: (_dapr_proto_runtime_v1_MetadataResiliency)[];
  '_scheduler'?: "scheduler";
  '_workflows'?: "workflows";
}

export interface GetMetadataResponse__Output {
  'id': (string);
  'active_actors_count': (_dapr_proto_runtime_v1_ActiveActorsCount__Output)[];
  'registered_components': (_dapr_proto_runtime_v1_RegisteredComponents__Output)[];
  'extended_metadata': ({[key: string]: string});
  'subscriptions': (_dapr_proto_runtime_v1_PubsubSubscription__Output)[];
  'http_endpoints': (_dapr_proto_runtime_v1_MetadataHTTPEndpoint__Output)[];
  'app_connection_properties': (_dapr_proto_runtime_v1_AppConnectionProperties__Output | null);
  'runtime_version': (string);
  'enabled_features': (string)[];
  'actor_runtime': (_dapr_proto_runtime_v1_ActorRuntime__Output | null);
  'scheduler'?: (_dapr_proto_runtime_v1_MetadataScheduler__Output | null);
  'workflows'?: (_dapr_proto_runtime_v1_MetadataWorkflows__Output | null);
  'mcp_servers': (_dapr_proto_runtime_v1_MetadataMCPServer__Output)[];
  'workflow_access_policies': (_dapr_proto_runtime_v1_MetadataWorkflowAccessPolicy__Output)[];
  'resiliencies': (_dapr_proto_runtime_v1_MetadataResiliency__Output)[];
  '_scheduler'?: "scheduler";
  '_workflows'?: "workflows";
}
