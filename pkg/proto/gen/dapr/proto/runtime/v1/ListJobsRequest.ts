// Original file: proto/dapr/proto/runtime/v1/jobs.proto


export interface ListJobsRequest {
}

export interface ListJobsRequest__Output {
}
