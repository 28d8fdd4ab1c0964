"""A SubscribeTopicEventsAlpha1 subscriber in Python: stubs generated from proto/ by Debian's protoc and grpc
plugin, run by Debian's python3-grpcio. Prints one line per step for the Jest test; acknowledges the first
message RETRY, its redelivery and every other SUCCESS, then half-closes after `count` successes.

Usage: stream_subscriber.py <generated dir> <host:port> <token> <pubsub> <topic> <count> [<metadata JSON>]
(the metadata is added to the initial request's: bulkSubscribe.* asks for bulk delivery)
"""
import json
import queue
import sys

sys.path.insert(0, sys.argv[1])

import grpc  # noqa: E402
from dapr.proto.runtime.v1 import appcallback_pb2, dapr_pb2_grpc, pubsub_pb2  # noqa: E402

target, token, pubsub, topic, count = sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], int(sys.argv[6])
metadata = {"retryInitialInterval": "10ms"}
metadata.update(json.loads(sys.argv[7]) if len(sys.argv) > 7 else {})
stub = dapr_pb2_grpc.DaprStub(grpc.insecure_channel(target))
outgoing = queue.Queue()


def requests():
    while True:
        item = outgoing.get()
        if item is None:
            return
        yield item


def say(line):
    print(line, flush=True)


try:
    list(stub.SubscribeTopicEventsAlpha1(iter([pubsub_pb2.SubscribeTopicEventsRequestAlpha1(event_processed=pubsub_pb2.SubscribeTopicEventsRequestProcessedAlpha1(id="x"))]), metadata=(("dapr-api-token", token),)))
    say("no initial request was accepted")
except grpc.RpcError as error:
    say("refused %s %s" % (error.code().name, error.details()))

outgoing.put(pubsub_pb2.SubscribeTopicEventsRequestAlpha1(initial_request=pubsub_pb2.SubscribeTopicEventsRequestInitialAlpha1(pubsub_name=pubsub, topic=topic, metadata=metadata)))
responses = stub.SubscribeTopicEventsAlpha1(requests(), metadata=(("dapr-api-token", token),))
first = next(responses)
say("initial_response %s" % first.HasField("initial_response"))
successes = 0
retried = None
for response in responses:
    event = response.event_message
    if retried is None:
        retried = event.id
        status = appcallback_pb2.TopicEventResponse.RETRY
        say("retry %s" % event.data.decode())
    else:
        status = appcallback_pb2.TopicEventResponse.SUCCESS
        successes += 1
        say("success %s again=%s" % (event.data.decode(), event.id == retried))
    outgoing.put(pubsub_pb2.SubscribeTopicEventsRequestAlpha1(event_processed=pubsub_pb2.SubscribeTopicEventsRequestProcessedAlpha1(id=event.id, status=appcallback_pb2.TopicEventResponse(status=status))))
    if successes == count:
        outgoing.put(None)
        break
for _ in responses:
    pass
say("stream ended")
