import { type Component, type ComponentContext, type ComponentKind, type MetadataField } from "./component.js";

/**
 * Makes a component. A factory may be async so that a built-in imports its client library (ioredis,
 * pg, the Azure SDKs) only when a manifest uses it: each costs megabytes of memory and start-up time.
 */
export type ComponentFactory<T extends Component> = (context: ComponentContext) => T | Promise<T>;

interface Registration<T extends Component> {
  factory: ComponentFactory<T>;
  versions: readonly string[];
  metadata?: readonly MetadataField[];
}

/** A type it does not know, named with the ones it does, so a typo in a manifest is obvious. */
export class UnknownComponentError extends Error {
  constructor(kind: ComponentKind, type: string, version: string, known: string[]) {
    super(`unknown ${kind} component type ${type}/${version}; known types: ${known.join(", ") || "(none)"}`);
    this.name = "UnknownComponentError";
  }
}

/** Maps a component type (+ version) to a factory, for one building block (Dapr's per-kind registries). */
export class Registry<T extends Component> {
  private readonly registrations = new Map<string, Registration<T>>();
  private readonly aliases = new Map<string, string>();

  constructor(readonly kind: ComponentKind) {}

  /** `aliases` are other type names accepted unchanged (Dapr's names, e.g. bindings.azure.eventgrid). */
  register(type: string, factory: ComponentFactory<T>, options: { versions?: readonly string[]; aliases?: readonly string[]; metadata?: readonly MetadataField[] } = {}): this {
    this.registrations.set(type, { factory, versions: options.versions ?? ["v1"], metadata: options.metadata });
    for (const alias of options.aliases ?? []) this.aliases.set(alias, type);
    return this;
  }

  canonicalType(type: string): string {
    return this.aliases.get(type) ?? type;
  }

  has(type: string): boolean {
    return this.registrations.has(this.canonicalType(type));
  }

  async create(type: string, version: string, context: ComponentContext): Promise<T> {
    const registration = this.registrations.get(this.canonicalType(type));
    if (!registration || !registration.versions.includes(version)) {
      throw new UnknownComponentError(this.kind, type, version, this.types());
    }
    return registration.factory(context);
  }

  /** The metadata fields a type declares (its `fields.ts`), or undefined when it declares none. */
  metadataOf(type: string): readonly MetadataField[] | undefined {
    return this.registrations.get(this.canonicalType(type))?.metadata;
  }

  types(): string[] {
    return [...this.registrations.entries()].flatMap(([type, r]) => r.versions.map((v) => `${type}/${v}`)).sort();
  }
}
