// Original file: proto/dapr/proto/runtime/v1/metadata.proto


export interface GetMetadataRequest {
}

export interface GetMetadataRequest__Output {
}
