import { describe, expect, it } from "@jest/globals";
import { defaultSubscriptionName, parseEventRouterMetadata } from "../../pkg/components/bindings/eventrouter/metadata.js";
import { ComponentMetadata } from "../../pkg/components/metadata.js";

const OUTPUT = { direction: "output", accessKey: "k3y-value", topicEndpoint: "https://orders.westeurope-1.eventgrid.azure.net/api/events" };
const INPUT = {
  direction: "input",
  cloudTenantId: "tenant",
  cloudSubscriptionId: "sub",
  cloudClientId: "client",
  cloudClientSecret: "secret",
  subscriberEndpoint: "https://hooks.example.com/api/events",
  handshakePort: "9000",
  scope: "/subscriptions/sub/resourceGroups/rg",
};

const parse = (values: Record<string, string>, name = "orders-binding"): ReturnType<typeof parseEventRouterMetadata> =>
  parseEventRouterMetadata(ComponentMetadata.of(name, "bindings.cloud.eventrouter", values));
const without = (values: Record<string, string>, field: string): Record<string, string> => Object.fromEntries(Object.entries(values).filter(([k]) => k !== field));

describe("eventrouter metadata validation", () => {
  it.each(["accessKey", "topicEndpoint"])("output: a missing %s is an error naming the field and the component", (field) => {
    expect(() => parse(without(OUTPUT, field))).toThrow(new RegExp(`component "orders-binding" \\(bindings.cloud.eventrouter\\): metadata field "${field}" is required`));
  });

  it.each(["cloudTenantId", "cloudSubscriptionId", "cloudClientId", "cloudClientSecret", "subscriberEndpoint", "handshakePort", "scope"])(
    "input: a missing %s is an error naming the field",
    (field) => {
      expect(() => parse(without(INPUT, field))).toThrow(new RegExp(`metadata field "${field}" is required`));
    },
  );

  it("validates only the sides the direction starts", () => {
    expect(parse(OUTPUT)).toMatchObject({ directions: { input: false, output: true }, input: undefined });
    expect(parse(INPUT)).toMatchObject({ directions: { input: true, output: false }, output: undefined });
    expect(() => parse({ ...OUTPUT, direction: "input, output" })).toThrow(/"cloudTenantId" is required/);
    expect(parse({ ...OUTPUT, ...INPUT, direction: "input, output" }).directions).toEqual({ input: true, output: true });
  });

  it("without direction, starts the sides whose fields are given; with none, names direction", () => {
    expect(parse(without(OUTPUT, "direction")).directions).toEqual({ input: false, output: true });
    expect(() => parse({})).toThrow(/"direction" is not set/);
    expect(() => parse({ ...OUTPUT, direction: "sideways" })).toThrow(/"direction" must be one of/);
  });

  it("requires HTTPS for subscriberEndpoint and topicEndpoint", () => {
    expect(() => parse({ ...INPUT, subscriberEndpoint: "http://hooks.example.com/api/events" })).toThrow(/"subscriberEndpoint" must be an HTTPS URL/);
    expect(() => parse({ ...INPUT, subscriberEndpoint: "not a url" })).toThrow(/"subscriberEndpoint" must be an absolute URL/);
    expect(() => parse({ ...OUTPUT, topicEndpoint: "http://orders.example/api/events" })).toThrow(/"topicEndpoint" must be an HTTPS URL/);
  });

  it.each(["0", "65536", "90a", "-1", "port"])("refuses handshakePort %s", (port) => {
    expect(() => parse({ ...INPUT, handshakePort: port })).toThrow(/"handshakePort" must be a port number 1-65535 given as a quoted string/);
  });

  it.each([
    "/subscriptions/sub/",
    "/subscriptions/sub",
    "/subscriptions/sub/resourceGroups/rg",
    "/subscriptions/sub/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/acct",
    "/subscriptions/sub/resourceGroups/rg/providers/Microsoft.EventGrid/topics/orders",
  ])("accepts the scope form %s", (scope) => {
    expect(parse({ ...INPUT, scope }).input?.scope).toBe(scope);
  });

  it.each(["subscriptions/sub", "/subscriptions/", "/subscriptions/sub/resourceGroups", "/subscriptions/sub/resourceGroups/rg/providers/Microsoft.EventGrid/topics", "/tenants/t/x"])(
    "refuses the scope %s, listing the forms",
    (scope) => {
      expect(() => parse({ ...INPUT, scope })).toThrow(/"scope" .* is not one of the scope forms: \/subscriptions\/\{subscriptionId\}\//);
    },
  );

  it("checks eventSubscriptionName (3-64 alphanumeric) and derives a default from the component name", () => {
    expect(() => parse({ ...INPUT, eventSubscriptionName: "ab" })).toThrow(/"eventSubscriptionName" must be 3 to 64 alphanumeric/);
    expect(() => parse({ ...INPUT, eventSubscriptionName: "orders-sub" })).toThrow(/"eventSubscriptionName"/);
    expect(() => parse({ ...INPUT, eventSubscriptionName: "a".repeat(65) })).toThrow(/"eventSubscriptionName"/);
    expect(parse({ ...INPUT, eventSubscriptionName: "orders1" }).input?.eventSubscriptionName).toBe("orders1");
    expect(parse(INPUT, "orders-binding").input?.eventSubscriptionName).toBe("ordersbinding");
    expect(defaultSubscriptionName("a-b")).toBe("abbinding");
    expect(defaultSubscriptionName("x".repeat(80))).toHaveLength(64);
  });

  it("defaults the cloud endpoints to the public cloud and takes sovereign or local ones", () => {
    const input = parse(INPUT).input!;
    expect(input.authorityHost).toBe("https://login.microsoftonline.com");
    expect(input.managementEndpoint).toBe("https://management.azure.com");
    expect(input.handshakeAddress).toBe("0.0.0.0");
    const gov = parse({ ...INPUT, authorityHost: "https://login.microsoftonline.us/", managementEndpoint: "https://management.usgovcloudapi.net" }).input!;
    expect(gov.authorityHost).toBe("https://login.microsoftonline.us");
    expect(() => parse({ ...INPUT, authorityHost: "http://login.local" })).toThrow(/"authorityHost" must be an HTTPS URL/);
  });
});

describe("eventrouter webhook callers", () => {
  it("allows Event Grid's application with its webhook role by default", () => {
    expect(parse(INPUT).input).toMatchObject({ allowedCallers: ["4962773b-9cdb-44cf-a8bf-237846a00ab7"], requiredRole: "AzureEventGridSecureWebhookSubscriber" });
  });

  it("takes other callers and another role from metadata, and names the field of a bad value", () => {
    const input = parse({ ...INPUT, allowedCallers: " AAAAAAAA-1111-2222-3333-444444444444 , bbbbbbbb-1111-2222-3333-444444444444", requiredRole: "Deliverer" }).input;
    expect(input).toMatchObject({ allowedCallers: ["aaaaaaaa-1111-2222-3333-444444444444", "bbbbbbbb-1111-2222-3333-444444444444"], requiredRole: "Deliverer" });
    expect(() => parse({ ...INPUT, allowedCallers: "event-grid" })).toThrow(/metadata field "allowedCallers".*GUIDs/);
    expect(() => parse({ ...INPUT, allowedCallers: " , " })).toThrow(/metadata field "allowedCallers"/);
    expect(() => parse({ ...INPUT, requiredRole: " " })).toThrow(/metadata field "requiredRole"/);
  });
});
