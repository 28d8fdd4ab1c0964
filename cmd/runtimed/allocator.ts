/**
 * glibc malloc settings for the sidecar process. glibc reads them from the environment once, when the
 * process starts, so they are set where the process is launched: the container image (Dockerfile `ENV`,
 * kept equal to this by a test) and `runtimed run`'s spawn of the sidecar; a value the user set is kept.
 *
 * Measured on a sidecar at 250-1,000 msg/s over Redis and RabbitMQ (docs/performance.md "Memory outside the
 * heap"): its RSS outside V8's heap grew in glibc's main arena, which kept freed memory it could not give back
 * (malloc_trim(0) returned 39 of its 57 MB). By default glibc raises its mmap threshold to the size of each
 * large block freed (up to 32 MB), so Buffers of a few hundred KB to a few MB (broker replies, socket reads
 * under a backlog) move from their own mappings into the arena, and the holes they leave stay resident. A
 * fixed threshold keeps every block of 128 KiB or more in a mapping of its own, returned to the system when
 * it is freed, and trims the arena's top above 128 KiB. Two arenas instead of glibc's eight per core: the
 * JavaScript runs on one thread, and each further arena V8's and libuv's threads create holds its own freed
 * memory (about 1 MB less at idle).
 */
export const ALLOCATOR_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "131072",
};

/** The allocator's settings added to a sidecar's environment, where the user set none of their own. */
export function withAllocatorEnv(env: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(ALLOCATOR_ENV)) env[name] ??= value;
}
