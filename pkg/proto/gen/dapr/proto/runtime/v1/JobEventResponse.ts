// Original file: proto/dapr/proto/runtime/v1/appcallback.proto


export interface JobEventResponse {
}

export interface JobEventResponse__Output {
}
