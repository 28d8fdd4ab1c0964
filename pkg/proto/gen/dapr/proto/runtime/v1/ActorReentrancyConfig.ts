// Original file: proto/dapr/proto/runtime/v1/actors.proto


export interface ActorReentrancyConfig {
  'enabled'?: (boolean);
  'max_stack_depth'?: (number);
  '_max_stack_depth'?: "max_stack_depth";
}

export interface ActorReentrancyConfig__Output {
  'enabled': (boolean);
  'max_stack_depth'?: (number);
  '_max_stack_depth'?: "max_stack_depth";
}
