// Original file: proto/dapr/proto/runtime/v1/pubsub.proto


export interface SubscribeTopicEventsRequestInitialAlpha1 {
  'pubsub_name'?: (string);
  'topic'?: (string);
  'metadata'?: ({[key: string]: string});
  'dead_letter_topic'?: (string);
  '_dead_letter_topic'?: "dead_letter_topic";
}

export interface SubscribeTopicEventsRequestInitialAlpha1__Output {
  'pubsub_name': (string);
  'topic': (string);
  'metadata': ({[key: string]: string});
  'dead_letter_topic'?: (string);
  '_dead_letter_topic'?: "dead_letter_topic";
}
