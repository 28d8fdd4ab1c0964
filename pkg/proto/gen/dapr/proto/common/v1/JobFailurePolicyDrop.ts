// Original file: proto/dapr/proto/common/v1/common.proto


export interface JobFailurePolicyDrop {
}

export interface JobFailurePolicyDrop__Output {
}
