// Original file: proto/dapr/proto/runtime/v1/dapr.proto


export interface ShutdownRequest {
}

export interface ShutdownRequest__Output {
}
