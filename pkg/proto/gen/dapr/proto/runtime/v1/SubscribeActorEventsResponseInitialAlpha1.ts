// Original file: proto/dapr/proto/runtime/v1/actors.proto


export interface SubscribeActorEventsResponseInitialAlpha1 {
}

export interface SubscribeActorEventsResponseInitialAlpha1__Output {
}
