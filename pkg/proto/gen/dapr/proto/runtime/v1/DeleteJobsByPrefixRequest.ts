// Original file: proto/dapr/proto/runtime/v1/jobs.proto


export interface DeleteJobsByPrefixRequest {
  'name_prefix'?: (string);
  '_name_prefix'?: "name_prefix";
}

export interface DeleteJobsByPrefixRequest__Output {
  'name_prefix'?: (string);
  '_name_prefix'?: "name_prefix";
}
