// Original file: proto/dapr/proto/runtime/v1/jobs.proto


export interface DeleteJobsByPrefixResponseAlpha1 {
}

export interface DeleteJobsByPrefixResponseAlpha1__Output {
}
