// Original file: proto/dapr/proto/runtime/v1/jobs.proto


export interface ListJobsRequestAlpha1 {
}

export interface ListJobsRequestAlpha1__Output {
}
