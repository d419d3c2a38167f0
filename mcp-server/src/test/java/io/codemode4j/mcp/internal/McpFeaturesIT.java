package io.codemode4j.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.mcp.Grant;
import io.codemode4j.mcp.ResultLinks;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.billing.BillingSample;
import io.modelcontextprotocol.spec.McpSchema;
import io.opentelemetry.api.OpenTelemetry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The tools/call handler both transports share, below the transport. */
class McpFeaturesIT {

  static Warehouse warehouse;
  static CodeMode codeMode;
  static PassGate gate;
  static McpFeatures features;

  @BeforeAll
  static void open() throws Exception {
    warehouse =
        BillingSample.open(
            Path.of(System.getProperty("codemode.sampleDir", "../sample-data/parquet")),
            Path.of(System.getProperty("codemode.cacheDir", "target/codemode-cache")));
    codeMode = BillingSample.installTools(warehouse, CodeMode.builder()).build();
    gate = new PassGate(1);
    features =
        new McpFeatures(
            codeMode,
            null,
            "the billing warehouse",
            List.of(),
            List.of(),
            gate,
            new ProgressRoutes(),
            new McpTelemetry(OpenTelemetry.noop()),
            JsonMapper.builder().build(),
            false,
            false,
            ResultLinks.DEFAULTS,
            true,
            Clock.systemUTC());
  }

  @AfterAll
  static void close() {
    features.close();
    codeMode.close();
    warehouse.close();
  }

  @Test
  void handle_passThatEnded_freesItsPlaceBeforeItsAnswerIsEmitted() {
    // The transport writes the response when the answer is emitted: a client that sends its next
    // call as soon as it reads one must find the place free, or a client calling one at a time at
    // its limit is told it is busy (what the load at 16 clients found).
    Grant grant = new Grant(Principal.unconfined("one-at-a-time"), null, 1);
    McpFeatures.ToolFeature run = features.tools(grant).get(0);
    McpSchema.CallToolRequest call =
        new McpSchema.CallToolRequest(run.name(), Map.of("code", "async () => 1"));

    Integer runningWhenAnswered =
        run.handler()
            .apply(
                new McpFeatures.CallInfo(
                    call,
                    null,
                    grant,
                    CallNotifier.NONE,
                    request -> {
                      throw new AssertionError("no call of this program needs approval");
                    },
                    PlanApproval.unavailable("this test plans nothing")))
            .map(result -> gate.running())
            .block(Duration.ofSeconds(60));

    assertThat(runningWhenAnswered).isZero();
  }
}
