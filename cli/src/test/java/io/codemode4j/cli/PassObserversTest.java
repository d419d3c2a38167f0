package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** When {@code codemode run} turns tracing on: only when the standard environment asks. */
class PassObserversTest {

  @ParameterizedTest(name = "[{index}] {0} / {1} / {2} / {3} -> {4}")
  @CsvSource(
      nullValues = "-",
      textBlock =
          """
      -       | -     | -                      | -                      | false
      otlp    | -     | -                      | -                      | true
      console | -     | -                      | -                      | true
      none    | -     | http://localhost:4318  | -                      | false
      NONE    | -     | -                      | -                      | false
      ''      | -     | -                      | -                      | false
      -       | -     | http://localhost:4318  | -                      | true
      -       | -     | -                      | http://localhost:4318  | true
      -       | -     | '  '                   | -                      | false
      otlp    | true  | -                      | -                      | false
      otlp    | false | -                      | -                      | true
      -       | TRUE  | http://localhost:4318  | -                      | false
      """,
      delimiter = '|')
  void tracingRequested_environment_isOnOnlyWhenAnExporterOrEndpointIsNamed(
      String exporter, String disabled, String endpoint, String tracesEndpoint, boolean on) {
    Map<String, String> env = new HashMap<>();
    put(env, "OTEL_TRACES_EXPORTER", exporter);
    put(env, "OTEL_SDK_DISABLED", disabled);
    put(env, "OTEL_EXPORTER_OTLP_ENDPOINT", endpoint);
    put(env, "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", tracesEndpoint);
    env.put("OTEL_SERVICE_NAME", "irrelevant-alone");

    assertThat(PassObservers.tracingRequested(env)).isEqualTo(on);
  }

  private static void put(Map<String, String> env, String name, String value) {
    if (value != null) {
      env.put(name, value);
    }
  }
}
