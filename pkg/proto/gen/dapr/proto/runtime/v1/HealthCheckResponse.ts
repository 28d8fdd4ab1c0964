// Original file: proto/dapr/proto/runtime/v1/appcallback.proto


export interface HealthCheckResponse {
}

export interface HealthCheckResponse__Output {
}
