// Original file: proto/dapr/proto/runtime/v1/jobs.proto


export interface DeleteJobsByPrefixResponse {
}

export interface DeleteJobsByPrefixResponse__Output {
}
