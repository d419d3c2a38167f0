package io.codemode4j.bridge.plan;

import io.codemode4j.bridge.Principal;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A program's writes, recorded in order with the reads they may depend on, for a person to approve
 * once. {@code mac} is an HMAC-SHA256, under the host's plan key, of everything else ({@link
 * #body()}), so {@code CodeMode.apply} runs exactly what was shown: a plan changed in any field, or
 * past {@code expiresAt}, is refused.
 *
 * <p>Decided: the plan is a value the host may keep anywhere (a review queue, a ticket) as its
 * {@link #toJson() JSON}; {@link #fromJson} reads it back, and the MAC, not the storage, is what
 * binds the approval to its arguments.
 *
 * @param planId unique; the prefix of every write's idempotency key
 * @param runId the run that planned it
 * @param principal who it acts for; applying it requires the same principal
 * @param createdAt when it was planned
 * @param expiresAt after this it is refused
 * @param reads the reads the planning pass ran, in invocation order, with their results
 * @param writes the writes, in invocation order
 * @param mac hex HMAC-SHA256 of {@link #body()}
 */
public record Plan(
    String planId,
    String runId,
    Principal principal,
    Instant createdAt,
    Instant expiresAt,
    List<PlannedRead> reads,
    List<PlannedWrite> writes,
    String mac) {

  public Plan {
    Objects.requireNonNull(planId, "planId");
    Objects.requireNonNull(runId, "runId");
    Objects.requireNonNull(principal, "principal");
    Objects.requireNonNull(createdAt, "createdAt");
    Objects.requireNonNull(expiresAt, "expiresAt");
    reads = List.copyOf(reads);
    writes = List.copyOf(writes);
    Objects.requireNonNull(mac, "mac");
  }

  /** Everything but the MAC, as the JSON the MAC is computed over; fields in a fixed order. */
  public ObjectNode body() {
    ObjectNode json = JsonNodeFactory.instance.objectNode();
    json.put("planId", planId).put("runId", runId);
    ObjectNode who = json.putObject("principal").put("id", principal.id());
    Set<String> tenant = principal.tenant();
    if (tenant == null) {
      who.putNull("tenant");
    } else {
      ArrayNode keys = who.putArray("tenant");
      new TreeSet<>(tenant).forEach(keys::add);
    }
    json.put("createdAt", createdAt.toString()).put("expiresAt", expiresAt.toString());
    ArrayNode readList = json.putArray("reads");
    for (PlannedRead read : reads) {
      ObjectNode r = readList.addObject().put("callId", read.callId()).put("method", read.method());
      r.set("arguments", read.arguments());
      r.set("result", read.result());
    }
    ArrayNode writeList = json.putArray("writes");
    writes.forEach(write -> writeList.add(write.toJson()));
    return json;
  }

  /** The plan as JSON: {@link #body()} and its {@code mac}. */
  public ObjectNode toJson() {
    return body().put("mac", mac);
  }

  /**
   * The plan {@link #toJson()} wrote.
   *
   * @throws IllegalArgumentException naming the field that is missing or malformed
   */
  public static Plan fromJson(JsonNode json) {
    Objects.requireNonNull(json, "json");
    try {
      JsonNode who = field(json, "principal");
      JsonNode tenantNode = who.get("tenant");
      Principal principal;
      if (tenantNode == null || tenantNode.isNull()) {
        principal = Principal.unconfined(text(who, "id"));
      } else {
        List<String> keys = new ArrayList<>();
        tenantNode.valueStream().forEach(k -> keys.add(k.asString()));
        principal = Principal.ofTenant(text(who, "id"), Set.copyOf(keys));
      }
      List<PlannedRead> reads = new ArrayList<>();
      for (JsonNode r : field(json, "reads")) {
        reads.add(
            new PlannedRead(
                text(r, "callId"), text(r, "method"), field(r, "arguments"), field(r, "result")));
      }
      List<PlannedWrite> writes = new ArrayList<>();
      for (JsonNode w : field(json, "writes")) {
        List<String> depends = new ArrayList<>();
        field(w, "dependsOn").valueStream().forEach(d -> depends.add(d.asString()));
        writes.add(
            new PlannedWrite(
                field(w, "step").asInt(),
                text(w, "callId"),
                text(w, "method"),
                text(w, "tool"),
                field(w, "arguments"),
                text(w, "idempotencyKey"),
                depends));
      }
      return new Plan(
          text(json, "planId"),
          text(json, "runId"),
          principal,
          Instant.parse(text(json, "createdAt")),
          Instant.parse(text(json, "expiresAt")),
          reads,
          writes,
          text(json, "mac"));
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("a plan's createdAt and expiresAt are ISO instants", e);
    }
  }

  private static JsonNode field(JsonNode json, String name) {
    @Nullable JsonNode value = json.get(name);
    if (value == null || value.isNull()) {
      throw new IllegalArgumentException("a plan needs its field '" + name + "'");
    }
    return value;
  }

  private static String text(JsonNode json, String name) {
    JsonNode value = field(json, name);
    if (!value.isString()) {
      throw new IllegalArgumentException("a plan's field '" + name + "' is a string");
    }
    return value.asString();
  }
}
