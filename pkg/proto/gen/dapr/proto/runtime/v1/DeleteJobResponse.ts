// Original file: proto/dapr/proto/runtime/v1/jobs.proto


export interface DeleteJobResponse {
}

export interface DeleteJobResponse__Output {
}
