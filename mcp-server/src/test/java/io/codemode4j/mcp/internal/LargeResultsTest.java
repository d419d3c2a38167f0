package io.codemode4j.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.mcp.ResultLinks;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

class LargeResultsTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String ME = "principal:me";

  /** A clock the test moves. */
  private static final class Hands extends Clock {
    Instant now = Instant.parse("2026-01-01T00:00:00Z");

    @Override
    public ZoneOffset getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  private static ArrayNode rows(int count) {
    ArrayNode rows = JSON.createArrayNode();
    for (int i = 0; i < count; i++) {
      rows.addObject().put("id", i).put("amount", "%d.%02d".formatted(i * 7, i % 100));
    }
    return rows;
  }

  private static ObjectNode egress() {
    ObjectNode egress = JSON.createObjectNode().put("ok", true);
    egress.put("result", "[result omitted]");
    return egress;
  }

  private static JsonNode page(McpSchema.ReadResourceResult read) {
    return JSON.readTree(((McpSchema.TextResourceContents) read.contents().getFirst()).text());
  }

  @Test
  void link_resultOverTheThreshold_summarisesAndPagesBackExactlyItsRows() {
    LargeResults results =
        new LargeResults(
            ResultLinks.DEFAULTS.withThresholdBytes(1024).withPageRows(40), new Hands());
    ObjectNode result = JSON.createObjectNode().put("total", 123);
    result.set("rows", rows(100));

    LargeResults.Linked linked = results.link(ME, egress(), result, false);

    assertThat(linked).isNotNull();
    JsonNode link = linked.egress().get("resultLink");
    assertThat(link.get("rowCount").asInt()).isEqualTo(100);
    assertThat(link.get("pages").asInt()).isEqualTo(3);
    assertThat(link.get("rowsAt").asString()).isEqualTo("result.rows");
    assertThat(link.get("columns").valueStream().map(JsonNode::asString))
        .containsExactly("id", "amount");
    assertThat(linked.egress().at("/result/total").asInt()).isEqualTo(123);
    assertThat(linked.egress().at("/result/rows").size()).isEqualTo(LargeResults.SHOWN_ROWS);
    assertThat(linked.link().uri()).isEqualTo(link.get("uri").asString());

    ArrayNode read = JSON.createArrayNode();
    String uri = link.get("uri").asString();
    while (uri != null) {
      JsonNode page = page(results.read(ME, uri));
      page.get("rows").forEach(read::add);
      uri = page.get("next").isNull() ? null : page.get("next").asString();
    }
    assertThat(read).isEqualTo(result.get("rows"));
  }

  @Test
  void link_smallResult_staysInline() {
    LargeResults results = new LargeResults(ResultLinks.DEFAULTS, new Hands());

    assertThat(results.link(ME, egress(), rows(3), false)).isNull();
    assertThat(results.link(ME, egress(), rows(3), true)).isNotNull();
  }

  @Test
  void read_anotherClient_isToldThereIsNoSuchResult() {
    LargeResults results =
        new LargeResults(ResultLinks.DEFAULTS.withThresholdBytes(1024), new Hands());
    String uri = results.link(ME, egress(), rows(100), false).link().uri();

    assertThatThrownBy(() -> results.read("principal:other", uri))
        .isInstanceOf(McpError.class)
        .hasMessageContaining("no result at")
        .hasMessageContaining("readable only by the client whose call made it");
  }

  @Test
  void read_afterTheTtl_isToldItExpired() {
    Hands clock = new Hands();
    LargeResults results =
        new LargeResults(
            ResultLinks.DEFAULTS.withThresholdBytes(1024).withTtl(Duration.ofMinutes(1)), clock);
    String uri = results.link(ME, egress(), rows(100), false).link().uri();
    assertThat(page(results.read(ME, uri)).get("rows").size()).isEqualTo(100);

    clock.now = clock.now.plus(Duration.ofSeconds(61));

    assertThatThrownBy(() -> results.read(ME, uri))
        .isInstanceOf(McpError.class)
        .hasMessageContaining("expired at 2026-01-01T00:01:00Z")
        .hasMessageContaining("run the program again");
    assertThatThrownBy(() -> results.read("principal:other", uri))
        .hasMessageContaining("no result at");
  }

  @Test
  void link_overTheCount_evictsTheOldestAndItsReadSaysSo() {
    LargeResults results =
        new LargeResults(
            ResultLinks.DEFAULTS.withThresholdBytes(1024).withCapacity(2, 1 << 20), new Hands());
    String first = results.link(ME, egress(), rows(100), false).link().uri();
    String second = results.link(ME, egress(), rows(100), false).link().uri();
    String third = results.link(ME, egress(), rows(100), false).link().uri();

    assertThatThrownBy(() -> results.read(ME, first))
        .isInstanceOf(McpError.class)
        .hasMessageContaining("was evicted")
        .hasMessageContaining("at most 2 results");
    assertThat(page(results.read(ME, second)).get("rowCount").asInt()).isEqualTo(100);
    assertThat(page(results.read(ME, third)).get("rowCount").asInt()).isEqualTo(100);
  }

  @Test
  void read_pagePastTheLastOrAnUnknownUri_isNotFound() {
    LargeResults results =
        new LargeResults(ResultLinks.DEFAULTS.withThresholdBytes(1024), new Hands());
    String uri = results.link(ME, egress(), rows(100), false).link().uri();

    assertThatThrownBy(() -> results.read(ME, uri.replace("/pages/0", "/pages/1")))
        .hasMessageContaining("it has pages 0..0");
    assertThatThrownBy(() -> results.read(ME, "codemode://results/x/pages/0"))
        .hasMessageContaining("codemode://results/{id}/pages/{n}");
  }

  @Test
  void link_resultWithoutRows_keepsItWholeAsOnePage() {
    LargeResults results =
        new LargeResults(ResultLinks.DEFAULTS.withThresholdBytes(1024), new Hands());
    ObjectNode result = JSON.createObjectNode().put("text", "x".repeat(5000));

    LargeResults.Linked linked = results.link(ME, egress(), result, false);

    assertThat(linked.egress().get("result").isNull()).isTrue();
    assertThat(page(results.read(ME, linked.link().uri())).get("value")).isEqualTo(result);
  }
}
