// Original file: proto/dapr/proto/runtime/v1/jobs.proto


export interface GetJobRequest {
  'name'?: (string);
}

export interface GetJobRequest__Output {
  'name': (string);
}
