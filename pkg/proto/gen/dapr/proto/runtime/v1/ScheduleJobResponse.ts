// Original file: proto/dapr/proto/runtime/v1/jobs.proto


export interface ScheduleJobResponse {
}

export interface ScheduleJobResponse__Output {
}
