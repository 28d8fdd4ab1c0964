// Original file: proto/dapr/proto/runtime/v1/jobs.proto


export interface DeleteJobsByPrefixRequestAlpha1 {
  'name_prefix'?: (string);
  '_name_prefix'?: "name_prefix";
}

export interface DeleteJobsByPrefixRequestAlpha1__Output {
  'name_prefix'?: (string);
  '_name_prefix'?: "name_prefix";
}
