// Original file: proto/dapr/proto/runtime/v1/pubsub.proto


export interface SubscribeTopicEventsResponseInitialAlpha1 {
}

export interface SubscribeTopicEventsResponseInitialAlpha1__Output {
}
