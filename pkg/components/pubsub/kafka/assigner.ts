import { AssignerProtocol, type PartitionAssigner } from "kafkajs";

/**
 * Round robin over the members subscribed to each topic. One consumer group (the app id) serves every topic of a
 * component, each subscription being its own member; kafkajs' own round robin assumes every member subscribes to
 * every topic and would hand a topic's partitions to members that never read them.
 */
export const subscriptionAwareRoundRobin: PartitionAssigner = ({ cluster }) => ({
  name: "RuntimedRoundRobin",
  version: 0,
  async assign({ members, topics }) {
    const subscribers = new Map<string, string[]>();
    for (const member of members) {
      const metadata = AssignerProtocol.MemberMetadata.decode(member.memberMetadata);
      for (const topic of metadata?.topics ?? []) subscribers.set(topic, [...(subscribers.get(topic) ?? []), member.memberId]);
    }
    const assignment = new Map<string, Record<string, number[]>>(members.map((m) => [m.memberId, Object.create(null) as Record<string, number[]>]));
    let turn = 0;
    for (const topic of [...topics].sort()) {
      const owners = (subscribers.get(topic) ?? []).sort();
      if (owners.length === 0) continue;
      const partitions = cluster.findTopicPartitionMetadata(topic).map((p) => p.partitionId).sort((a, b) => a - b);
      for (const partition of partitions) {
        // The turn carries over from topic to topic, so one-partition topics do not all land on the first member.
        const owner = owners[turn++ % owners.length]!;
        const mine = assignment.get(owner)!;
        (mine[topic] ??= []).push(partition);
      }
    }
    return [...assignment].map(([memberId, topicsOfMember]) => ({ memberId, memberAssignment: AssignerProtocol.MemberAssignment.encode({ version: 0, assignment: topicsOfMember, userData: Buffer.alloc(0) }) }));
  },
  protocol({ topics }) {
    return { name: "RuntimedRoundRobin", metadata: AssignerProtocol.MemberMetadata.encode({ version: 0, topics, userData: Buffer.alloc(0) }) };
  },
});
