// Original file: proto/dapr/proto/runtime/v1/jobs.proto


export interface DeleteJobRequest {
  'name'?: (string);
}

export interface DeleteJobRequest__Output {
  'name': (string);
}
