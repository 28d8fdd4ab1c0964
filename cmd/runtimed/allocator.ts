/**
 * Memory settings for the sidecar process that only take effect when it starts: glibc's malloc reads its
 * variables once, and V8 fixes its young generation's limit when the isolate is created. They are set where
 * the process is launched: the container image (Dockerfile `ENV`, kept equal to this by a test) and
 * `runtimed run`'s spawn of the sidecar; a value the user set is kept.
 *
 * glibc: measured on a sidecar at 250-1,000 msg/s over Redis and RabbitMQ (docs/performance.md "Memory outside
 * the heap"): its RSS outside V8's heap grew in glibc's main arena, which kept freed memory it could not give
 * back (malloc_trim(0) returned 39 of its 57 MB). By default glibc raises its mmap threshold to the size of each
 * large block freed (up to 32 MB), so Buffers of a few hundred KB to a few MB (broker replies, socket reads
 * under a backlog) move from their own mappings into the arena, and the holes they leave stay resident. A
 * fixed threshold keeps every block of 128 KiB or more in a mapping of its own, returned to the system when
 * it is freed, and trims the arena's top above 128 KiB. Two arenas instead of glibc's eight per core: the
 * JavaScript runs on one thread, and each further arena V8's and libuv's threads create holds its own freed
 * memory (about 1 MB less at idle).
 *
 * V8: without a container memory limit (a node, a laptop, `runtimed run`), V8 sizes the young generation from
 * the host's memory: 64 MiB semi-spaces on a 24 GiB host, 128 MiB committed for new space alone, which a
 * sidecar under load reaches in its first seconds and keeps. 16 MiB semi-spaces (what the heap sizing gives
 * from a 1 GiB limit, pkg/diagnostics/heap.ts) hold a sidecar's short-lived garbage between scavenges at
 * thousands of messages a second. A container with a limit gets its own flags from the injector's
 * NODE_OPTIONS, which replaces the image's.
 */
export const ALLOCATOR_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
  NODE_OPTIONS: "--max-semi-space-size=16",
};

const SEMI_SPACE_FLAG = /(^|\s)--max-semi-space-size[=\s]/;

/**
 * The allocator's settings added to a sidecar's environment where the user set none of their own; the
 * young generation's flag is appended to a NODE_OPTIONS that names no semi-space size.
 */
export function withAllocatorEnv(env: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(ALLOCATOR_ENV)) {
    const own = env[name];
    if (name === "NODE_OPTIONS" && own !== undefined && own.trim() !== "" && !SEMI_SPACE_FLAG.test(own)) env[name] = `${own} ${value}`;
    else env[name] ??= value;
  }
}
