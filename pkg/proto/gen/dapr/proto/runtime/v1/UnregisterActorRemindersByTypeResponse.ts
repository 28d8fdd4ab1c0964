// Original file: proto/dapr/proto/runtime/v1/actors.proto


export interface UnregisterActorRemindersByTypeResponse {
}

export interface UnregisterActorRemindersByTypeResponse__Output {
}
