"""A Dapr gRPC client in another language: stubs generated from proto/ by Debian's protoc and grpc plugin,
run by Debian's python3-grpcio. Each step prints one line the Jest test reads; stdin lines pace the stream.

Usage: dapr_client.py <generated dir> <host:port> <token> <topic> <config store> <config key>
"""
import sys

sys.path.insert(0, sys.argv[1])

import grpc  # noqa: E402
from dapr.proto.runtime.v1 import configuration_pb2, dapr_pb2_grpc, pubsub_pb2  # noqa: E402

target, token, topic, store, key = sys.argv[2:7]
channel = grpc.insecure_channel(target)
stub = dapr_pb2_grpc.DaprStub(channel)
auth = (("dapr-api-token", token),)


def say(line):
    print(line, flush=True)


stub.PublishEvent(pubsub_pb2.PublishEventRequest(pubsub_name="pubsub", topic=topic, data=b'{"from": "python"}', data_content_type="application/json"), metadata=auth)
say("published")

try:
    stub.PublishEvent(pubsub_pb2.PublishEventRequest(pubsub_name="pubsub", topic=topic, data=b"x"))
    say("publish without a token was accepted")
except grpc.RpcError as error:
    say("refused %s %s" % (error.code().name, error.details()))

stream = stub.SubscribeConfiguration(configuration_pb2.SubscribeConfigurationRequest(store_name=store, keys=[key]), metadata=auth)
first = next(stream)
say("first id=%s items=%d" % (first.id, len(first.items)))
change = next(stream)
say("change %s=%s" % (key, change.items[key].value))
result = stub.UnsubscribeConfiguration(configuration_pb2.UnsubscribeConfigurationRequest(store_name=store, id=first.id), metadata=auth)
say("unsubscribed ok=%s" % result.ok)
for _ in stream:
    pass
say("stream ended")
